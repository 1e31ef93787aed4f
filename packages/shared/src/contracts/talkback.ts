import { z } from 'zod';

/**
 * Talk-back: the browser's microphone to a camera's loudspeaker (ONVIF audio backchannel). The
 * browser offers one sendonly Opus track, every candidate gathered; the answer is complete too,
 * so starting to talk is one request and letting go is one more.
 */
export const talkbackOfferSchema = z.object({ sdp: z.string().min(1).max(20_000) });
export type TalkbackOffer = z.infer<typeof talkbackOfferSchema>;

export const talkbackAnswerSchema = z.object({ sessionId: z.string(), sdp: z.string() });
export type TalkbackAnswer = z.infer<typeof talkbackAnswerSchema>;
