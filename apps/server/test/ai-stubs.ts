import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the AI providers' protocols, recording what they receive so a
 * test checks the request, and answering as the real services do: CodeProject.AI / DeepStack
 * (`POST /v1/vision/detection`, multipart) and an OpenAI-compatible chat completions API.
 */
export interface MultipartPart {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) return [];
  const sep = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(sep);
  while (at >= 0) {
    const start = at + sep.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(sep, start);
    if (next < 0) break;
    const chunk = body.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const headEnd = chunk.indexOf('\r\n\r\n');
    const head = chunk.subarray(0, headEnd).toString();
    parts.push({
      name: /name="([^"]*)"/.exec(head)?.[1] ?? '',
      filename: /filename="([^"]*)"/.exec(head)?.[1],
      type: /Content-Type: (.+)/i.exec(head)?.[1]?.trim(),
      data: chunk.subarray(headEnd + 4),
    });
    at = next;
  }
  return parts;
}

export interface StubRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Stub {
  url: string;
  requests: StubRequest[];
  /** What the next requests are answered with (status, JSON). */
  answer: { status: number; json: unknown; delayMs?: number };
  close(): Promise<void>;
}

export async function startStub(answer: Stub['answer']): Promise<Stub> {
  const requests: StubRequest[] = [];
  const stub: Stub = { url: '', requests, answer, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      const { status, json, delayMs } = stub.answer;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return stub;
}

/** A CodeProject.AI answer: a person in pixels of a width × height picture. */
export function codeProjectAnswer(
  predictions: { label: string; confidence: number; x_min: number; y_min: number; x_max: number; y_max: number }[],
) {
  return { success: true, predictions, count: predictions.length, inferenceMs: 12, processMs: 15, code: 200 };
}

export function chatAnswer(content: string) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  };
}
