import type { Transport } from './player-types.ts';

/**
 * What did not connect from this browser, on this network, to this server: a tile on Automatic
 * does not wait for it again on the next page load (WebRTC blocked by a firewall costs its whole
 * first-play timeout otherwise), and tries it again in the background instead. Kept in
 * localStorage, one entry per server origin, network and transport, each forgotten after
 * REMEMBER_MS or as soon as the transport connects. Browsers do not say which network they are
 * on; the connection type (wifi, cellular, ethernet) is used where one is exposed, and the
 * expiry and the background retries cover a change they do not reveal.
 */
export const REMEMBER_MS = 60 * 60 * 1000;
const KEY = 'vigil.live.unreachable';

type Entries = Record<string, number>;

export interface MemoryPlace {
  origin: string;
  network: string;
}

/** The network as far as the browser tells it (Network Information API, Chromium and Android). */
export function currentNetwork(nav: Navigator | undefined = globalThis.navigator): string {
  const c = (nav as (Navigator & { connection?: { type?: string } }) | undefined)?.connection;
  return c?.type ?? 'unknown';
}

export class TransportMemory {
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
    private readonly place: MemoryPlace,
    private readonly now: () => number = Date.now,
  ) {}

  /** The browser's own memory for this page's server and network; none where storage is off. */
  static forThisPage(): TransportMemory {
    let storage: Storage | undefined;
    try {
      storage = globalThis.localStorage;
    } catch {
      storage = undefined; // storage blocked (privacy settings): nothing is remembered
    }
    return new TransportMemory(storage, { origin: globalThis.location?.origin ?? '', network: currentNetwork() });
  }

  unreachable(transport: Transport): boolean {
    return (this.read()[this.key(transport)] ?? 0) > this.now();
  }

  failed(transport: Transport): void {
    this.write({ ...this.read(), [this.key(transport)]: this.now() + REMEMBER_MS });
  }

  connected(transport: Transport): void {
    const entries = this.read();
    if (!(this.key(transport) in entries)) return;
    delete entries[this.key(transport)];
    this.write(entries);
  }

  private key(transport: Transport) {
    return `${this.place.origin} ${this.place.network} ${transport}`;
  }

  private read(): Entries {
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(KEY) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Entries) : {};
    } catch {
      return {};
    }
  }

  private write(entries: Entries) {
    const now = this.now();
    // Expired entries go with every write, so the list stays as small as the places in use.
    const live = Object.fromEntries(Object.entries(entries).filter(([, until]) => until > now));
    try {
      this.storage?.setItem(KEY, JSON.stringify(live));
    } catch {
      // storage full or blocked: the next page load tries again, which is only slower
    }
  }
}
