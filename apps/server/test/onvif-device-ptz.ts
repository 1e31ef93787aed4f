import type { OnvifDevicePlugin } from './onvif-device.ts';

/**
 * The PTZ service (ver20) of the test ONVIF device, from the PTZ WSDL: ContinuousMove, Stop,
 * GetPresets, SetPreset, GotoPreset, RemovePreset and GotoHomePosition on any profile. It records
 * every request as it arrives (the time, the velocities sent), keeps its presets, and refuses an
 * unknown preset token with ter:NoToken as cameras do. Read with regular expressions, like the
 * device itself, so it shares nothing with the server's XML reader.
 */
export interface PtzReceived {
  op: string;
  /** Date.now() when the request reached the device. */
  at: number;
  profile: string | null;
  pan?: number;
  tilt?: number;
  zoom?: number;
  timeout?: string | null;
  preset?: string | null;
}

export interface TestPtz {
  plugin: OnvifDevicePlugin;
  received: PtzReceived[];
  presets: Map<string, string>;
  /** The last received request of this operation. */
  last(op: string): PtzReceived | undefined;
  /** Waits until a request matching `pred` arrived (a poll with a deadline). */
  until(pred: (r: PtzReceived) => boolean, ms?: number): Promise<PtzReceived>;
}

const NS = 'http://www.onvif.org/ver20/ptz/wsdl';
const text = (xml: string, name: string) =>
  new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(xml)?.[1]?.trim() ?? null;
const attr = (xml: string, el: string, a: string) => {
  const m = new RegExp(`<(?:[\\w-]+:)?${el}\\b([^>]*)/?>`).exec(xml);
  const v = m && new RegExp(`\\b${a}="([^"]*)"`).exec(m[1]!)?.[1];
  return v === undefined || v === null ? undefined : Number(v);
};
const fromXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos);/g, (_m, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e]!);
const toXml = (s: string) => s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

export function ptzPlugin(initial: [token: string, name: string][] = [['1', 'Gate']]): TestPtz {
  const received: PtzReceived[] = [];
  const presets = new Map(initial);
  let next = 100;
  const noToken = { fault: ['ter:NoToken', 'The requested preset token does not exist'] as [string, string] };
  const plugin: OnvifDevicePlugin = {
    service: 'ptz',
    path: '/onvif/ptz_service',
    namespace: NS,
    async handle(op, body) {
      const r: PtzReceived = { op, at: Date.now(), profile: text(body, 'ProfileToken') };
      received.push(r);
      const empty = `<tptz:${op}Response xmlns:tptz="${NS}"/>`;
      switch (op) {
        case 'ContinuousMove':
          r.pan = attr(body, 'PanTilt', 'x') ?? 0;
          r.tilt = attr(body, 'PanTilt', 'y') ?? 0;
          r.zoom = attr(body, 'Zoom', 'x') ?? 0;
          r.timeout = text(body, 'Timeout');
          return empty;
        case 'Stop':
        case 'GotoHomePosition':
          return empty;
        case 'GetPresets':
          return (
            `<tptz:GetPresetsResponse xmlns:tptz="${NS}" xmlns:tt="http://www.onvif.org/ver10/schema">` +
            [...presets]
              .map(
                ([token, name]) =>
                  `<tptz:Preset token="${token}"><tt:Name>${toXml(name)}</tt:Name><tt:PTZPosition>` +
                  '<tt:PanTilt x="0.1" y="-0.2"/><tt:Zoom x="0"/></tt:PTZPosition></tptz:Preset>',
              )
              .join('') +
            '</tptz:GetPresetsResponse>'
          );
        case 'SetPreset': {
          const token = String(next++);
          presets.set(token, fromXml(text(body, 'PresetName') ?? token));
          r.preset = token;
          return `<tptz:SetPresetResponse xmlns:tptz="${NS}"><tptz:PresetToken>${token}</tptz:PresetToken></tptz:SetPresetResponse>`;
        }
        case 'GotoPreset':
        case 'RemovePreset': {
          const token = text(body, 'PresetToken');
          r.preset = token;
          if (!token || !presets.has(fromXml(token))) return noToken;
          if (op === 'RemovePreset') presets.delete(fromXml(token));
          return empty;
        }
        default:
          return undefined;
      }
    },
  };
  return {
    plugin,
    received,
    presets,
    last: (op) => received.findLast((r) => r.op === op),
    async until(pred, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const hit = received.find(pred);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`the device received no such PTZ request within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}
