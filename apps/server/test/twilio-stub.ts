import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A stand-in for api.twilio.com on 127.0.0.1 that the real `twilio` SDK talks to (TWILIO_API_URL).
 * It checks what Twilio checks (Basic auth with the account SID and auth token, the account owns
 * the From number, the form fields of a message) and answers in Twilio's JSON shapes. It then
 * calls Vigil back the Twilio way: status callbacks to the StatusCallback it was given and inbound
 * messages to the webhook URL, form-encoded and signed with X-Twilio-Signature.
 */
export interface StubAccount {
  sid: string;
  token: string;
  numbers: string[];
}

export interface ReceivedMessage {
  sid: string;
  accountSid: string;
  /** The Basic credentials the SDK sent. */
  auth: { user: string; password: string };
  form: Record<string, string>;
}

export interface TwilioStub {
  url: string;
  /** Every message create the stub accepted or refused, in order. */
  messages: ReceivedMessage[];
  /** Every request line seen (METHOD path). */
  requests: string[];
  /** Numbers the stub answers as invalid (Twilio's 21211, a 400). */
  invalidNumbers: Set<string>;
  /** While set, message creates answer 500. */
  failing: { on: boolean };
  /** Posts a status callback for a sent message, signed with its account's token (or a given signature). */
  statusCallback(sid: string, status: string, o?: { signature?: string; errorCode?: string }): Promise<Response>;
  /** Posts an inbound message to `url`, signed with the account's token (or a given signature). */
  inbound(
    url: string,
    account: StubAccount,
    m: { from: string; to: string; body: string },
    o?: { signature?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

export const newAccount = (numbers: string[]): StubAccount => ({
  sid: `AC${randomBytes(16).toString('hex')}`,
  token: randomBytes(16).toString('hex'),
  numbers,
});

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTwilioStub(accounts: StubAccount[]): Promise<TwilioStub> {
  const messages: ReceivedMessage[] = [];
  const requests: string[] = [];
  const invalidNumbers = new Set<string>();
  const failing = { on: false };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push(`${req.method} ${url.pathname}`);
    const m = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})(\.json|\/IncomingPhoneNumbers\.json|\/Messages\.json)$/.exec(
      url.pathname,
    );
    const account = m && accounts.find((a) => a.sid === m[1]);
    const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    if (!m || !account) return json(res, 404, twilioError(404, 20404, 'The requested resource was not found'));
    if (user !== account.sid || password !== account.token)
      return json(res, 401, twilioError(401, 20003, 'Authenticate'));
    if (req.method === 'GET' && m[2] === '.json')
      return json(res, 200, { sid: account.sid, friendly_name: 'Stub account', status: 'active', type: 'Full' });
    if (req.method === 'GET' && m[2] === '/IncomingPhoneNumbers.json') {
      const wanted = url.searchParams.get('PhoneNumber');
      const found = account.numbers.filter((n) => !wanted || n === wanted);
      return json(res, 200, {
        incoming_phone_numbers: found.map((n) => ({ sid: `PN${randomBytes(16).toString('hex')}`, phone_number: n })),
        end: found.length - 1,
        first_page_uri: url.pathname,
        next_page_uri: null,
        page: 0,
        page_size: 50,
        previous_page_uri: null,
        start: 0,
        uri: url.pathname,
      });
    }
    if (req.method === 'POST' && m[2] === '/Messages.json') {
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return json(res, 400, twilioError(400, 20001, 'Expected a form body'));
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      const sid = `SM${randomBytes(16).toString('hex')}`;
      messages.push({ sid, accountSid: account.sid, auth: { user: user!, password: password! }, form });
      if (failing.on) return json(res, 500, twilioError(500, 20500, 'Internal Server Error'));
      if (!form.To || invalidNumbers.has(form.To))
        return json(res, 400, twilioError(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`));
      if (!form.From || !account.numbers.includes(form.From))
        return json(res, 400, twilioError(400, 21606, 'The From phone number is not a valid, SMS-capable number.'));
      if (!form.Body) return json(res, 400, twilioError(400, 21602, 'Message body is required.'));
      return json(res, 201, {
        sid,
        account_sid: account.sid,
        to: form.To,
        from: form.From,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${account.sid}/Messages/${sid}.json`,
      });
    }
    return json(res, 405, twilioError(405, 20004, 'Method not allowed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** Posts form params the way Twilio does, signed over the full URL and the sorted params. */
  const post = (url: string, token: string, params: Record<string, string>, signature?: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(token, url, params),
        'user-agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(params).toString(),
    });

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    invalidNumbers,
    failing,
    statusCallback(sid, status, o = {}) {
      const msg = messages.find((x) => x.sid === sid);
      if (!msg?.form.StatusCallback) throw new Error(`no StatusCallback for ${sid}`);
      const account = accounts.find((a) => a.sid === msg.accountSid)!;
      const params: Record<string, string> = {
        AccountSid: account.sid,
        ApiVersion: '2010-04-01',
        From: msg.form.From!,
        To: msg.form.To!,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ...(o.errorCode ? { ErrorCode: o.errorCode } : {}),
      };
      return post(msg.form.StatusCallback, account.token, params, o.signature);
    },
    inbound(url, account, m, o = {}) {
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const params = {
        AccountSid: account.sid,
        ApiVersion: '2010-04-01',
        MessageSid: sid,
        SmsMessageSid: sid,
        From: m.from,
        To: m.to,
        Body: m.body,
        NumMedia: '0',
        NumSegments: '1',
      };
      return post(url, account.token, params, o.signature);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
