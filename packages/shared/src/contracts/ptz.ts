import { z } from 'zod';

/**
 * Steering an ONVIF camera: continuous moves by velocity (each axis −1…1, 0 still), presets kept
 * by the camera itself, and its home position. The camera's own tokens name its presets.
 */

const velocity = z.number().min(-1).max(1);

export const ptzMoveSchema = z
  .object({ pan: velocity.default(0), tilt: velocity.default(0), zoom: velocity.default(0) })
  .strict();
export type PtzMove = z.infer<typeof ptzMoveSchema>;

/** A preset's token as cameras write it (digits, names, uuids): no markup, no control characters. */
export const ptzPresetTokenSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, 'letters, digits, and . _ : - only');

export const ptzPresetParamsSchema = z.object({ id: z.string().uuid(), token: ptzPresetTokenSchema });

export const ptzPresetSchema = z.object({ token: z.string(), name: z.string() });
export type PtzPreset = z.infer<typeof ptzPresetSchema>;

export const ptzPresetListSchema = z.object({ presets: z.array(ptzPresetSchema) });
export type PtzPresetList = z.infer<typeof ptzPresetListSchema>;

export const ptzSavePresetSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine((s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s), 'must not contain control characters'),
  })
  .strict();
export type PtzSavePreset = z.infer<typeof ptzSavePresetSchema>;
