import { type AddressInfo, type Socket, createServer } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server on 127.0.0.1 that accepts every message and keeps it, so tests can
 * check what nodemailer really sent over the protocol (EHLO, MAIL, RCPT, DATA, QUIT).
 */
export async function startSmtpSink(
  opts: {
    /** The reply to RCPT TO for an address (e.g. "550 5.1.1 No such user", "451 4.3.0 Try later"); 250 by default. */
    rcptReply?: (address: string) => string | undefined;
    /** The first this many connections are turned away with a 421 (a server busy or restarting). */
    refuseConnections?: number;
  } = {},
): Promise<{ url: string; mails: ReceivedMail[]; connections(): number; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    connections += 1;
    if (connections <= (opts.refuseConnections ?? 0)) {
      socket.end('421 4.3.2 Service not available, try again later\r\n');
      return;
    }
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 OK queued');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          const refusal = opts.rcptReply?.(address);
          if (refusal) reply(refusal);
          else {
            current.to.push(address);
            reply('250 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The mails the sink received for `to`. */
export const mailsOf = (sink: { mails: ReceivedMail[] }, to: string) => sink.mails.filter((m) => m.to.includes(to));

/** Waits until `to` has `n` mails (at most `ms`), and checks there are exactly `n`. */
export async function waitForMailsOf(
  sink: { mails: ReceivedMail[] },
  to: string,
  n: number,
  ms = 20_000,
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + ms;
  while (mailsOf(sink, to).length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const mails = mailsOf(sink, to);
  if (mails.length !== n) throw new Error(`expected ${n} mail(s) to ${to}, got ${mails.length}`);
  return mails;
}
