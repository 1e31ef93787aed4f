import { randomBytes } from 'node:crypto';
import type { AiDetector, Detection } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import { pinnedRequest } from '../../lib/pinned-http.ts';
import { redactCredentials } from '../../lib/redact.ts';
import type { AiFrame } from './frames.ts';

/**
 * The detectors behind one interface: the built-in local one (a worker thread, no
 * network: apps/server/src/ai, injected), and a CodeProject.AI / DeepStack-compatible HTTP API.
 * The OpenAI-compatible vision API is not a detector: it describes an alert in one sentence.
 * Every outbound call goes to a URL the outbound policy passed, pinned to the checked address.
 */
export interface DetectionProvider {
  readonly name: AiDetector;
  /**
   * What the provider sees at or above minScore. `labels`: the camera's; a provider may return
   * others (the camera's labels are applied after), the built-in one looks for these only.
   */
  detect(frame: AiFrame, minScore: number, labels?: readonly string[]): Promise<Detection[]>;
}

import type { LocalDetectorFront } from '../../ai/local-detector.ts';

export type { LocalDetectorFront };

export function localProvider(front: LocalDetectorFront): DetectionProvider {
  return {
    name: 'local',
    async detect(frame, minScore, labels) {
      const options = labels ? { labels } : undefined;
      const found = front.detectJpeg
        ? await front.detectJpeg(frame.jpeg, options)
        : await front.detect(await frame.rgb(), options);
      return found.filter((d) => d.score >= minScore);
    },
  };
}

const MAX_ANSWER_BYTES = 256 * 1024;

function unavailable(what: string, why: unknown): AppError {
  const text = why instanceof Error ? why.message : String(why);
  return new AppError('unavailable', `${what} did not answer: ${redactCredentials(text).slice(0, 200)}`);
}

/** POSTs to a tenant's URL through the policy; the answer's JSON, or unavailable. */
async function postJson(
  what: string,
  url: string,
  policy: OutboundPolicy,
  o: { headers: Record<string, string>; body: Buffer | string; timeoutMs: number },
): Promise<unknown> {
  const target = await checkTarget(url, policy);
  let res: Awaited<ReturnType<typeof pinnedRequest>>;
  try {
    res = await pinnedRequest(target, { method: 'POST', ...o, maxBodyBytes: MAX_ANSWER_BYTES });
  } catch (e) {
    throw unavailable(what, e);
  }
  if (res.status < 200 || res.status >= 300) throw unavailable(what, `HTTP ${res.status}`);
  try {
    return JSON.parse(res.body);
  } catch {
    throw unavailable(what, 'the answer is not JSON');
  }
}

export interface CodeProjectSettings {
  url: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** Multipart form data (RFC 7578) with files and text fields. */
function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----vigil${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface CodeProjectAnswer {
  success?: boolean;
  error?: string;
  predictions?: {
    label?: unknown;
    confidence?: unknown;
    x_min?: unknown;
    y_min?: unknown;
    x_max?: unknown;
    y_max?: unknown;
  }[];
}

/**
 * CodeProject.AI Server / DeepStack object detection: `POST <url>/v1/vision/detection` with the
 * picture as the multipart field `image` and `min_confidence`; boxes come back in pixels.
 * DeepStack's API key (when it was started with one) is the form field `api_key`.
 */
export function codeProjectProvider(s: CodeProjectSettings, policy: OutboundPolicy): DetectionProvider {
  const what = 'The CodeProject.AI server';
  return {
    name: 'codeproject',
    async detect(frame, minScore) {
      const form = multipart([
        { name: 'image', value: frame.jpeg, filename: 'frame.jpg', type: 'image/jpeg' },
        { name: 'min_confidence', value: String(minScore) },
        ...(s.apiKey ? [{ name: 'api_key', value: s.apiKey }] : []),
      ]);
      const url = `${s.url.replace(/\/+$/, '')}/v1/vision/detection`;
      const answer = (await postJson(what, url, policy, {
        headers: { 'content-type': form.contentType, 'content-length': String(form.body.length) },
        body: form.body,
        timeoutMs: s.timeoutMs,
      })) as CodeProjectAnswer;
      if (!answer || answer.success === false || !Array.isArray(answer.predictions))
        throw unavailable(what, answer?.error ?? 'no predictions in its answer');
      const { width, height } = frame;
      const out: Detection[] = [];
      for (const p of answer.predictions) {
        const n = [p.confidence, p.x_min, p.y_min, p.x_max, p.y_max].map(Number);
        if (typeof p.label !== 'string' || n.some((v) => !Number.isFinite(v))) continue;
        const [score, x1, y1, x2, y2] = n as [number, number, number, number, number];
        const fx = (v: number) => Math.min(1, Math.max(0, v / width));
        const fy = (v: number) => Math.min(1, Math.max(0, v / height));
        if (score >= minScore) out.push({ label: p.label, score, box: [fx(x1), fy(y1), fx(x2), fy(y2)] });
      }
      return out;
    },
  };
}

export interface OpenAiSettings {
  url: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/**
 * An OpenAI-compatible vision API (`POST <url>/chat/completions`, the picture as an image_url
 * data: URL): one sentence about what the detector found, kept as the event's description.
 */
export async function describeAlert(
  s: OpenAiSettings,
  policy: OutboundPolicy,
  jpeg: Buffer,
  labels: readonly string[],
): Promise<string> {
  const what = 'The vision API';
  const body = JSON.stringify({
    model: s.model,
    max_tokens: 80,
    messages: [
      {
        role: 'system',
        content:
          'You describe still frames from security cameras for an alert. Answer with exactly one short factual sentence.',
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: `A detector found: ${labels.join(', ')}. Describe what is happening in one sentence.` },
          { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
        ],
      },
    ],
  });
  const answer = (await postJson(what, `${s.url.replace(/\/+$/, '')}/chat/completions`, policy, {
    headers: {
      'content-type': 'application/json',
      ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}),
    },
    body,
    timeoutMs: s.timeoutMs,
  })) as { choices?: { message?: { content?: unknown } }[] };
  const text = answer?.choices?.[0]?.message?.content;
  if (typeof text !== 'string' || !text.trim()) throw unavailable(what, 'no description in its answer');
  // One sentence, whatever the model wrote.
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return sentence.slice(0, 300);
}
