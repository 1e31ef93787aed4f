import { z } from 'zod';
import { credential, isoDate } from './common.ts';
export * from './camera-import-values.ts';
import {
  CAMERA_IMPORT_MAX_CHARS,
  CAMERA_IMPORT_MAX_LINES,
  DISCOVERY_TARGETS_MAX,
  DISCOVERY_SECONDS_DEFAULT,
} from './camera-import-values.ts';

/**
 * Adding cameras to a site in bulk (the `vms` plan, owners and managers) — a CSV or the
 * rows of devices found by ONVIF discovery, each line checked, probed and created by a job.
 */

/** A row as the page sends it (devices it found): loosely typed, so a bad row is a line's error, not a 400. */
export const cameraImportRowSchema = z
  .object({
    name: z.string().max(500).optional(),
    url: z.string().max(4000).optional(),
    username: z.string().max(500).optional(),
    password: z.string().max(500).optional(),
    recordingMode: z.string().max(100).optional(),
  })
  .strict();

export const cameraImportInputSchema = z
  .object({
    /** name, url, username, password, recording mode; a header row is accepted. */
    csv: z.string().max(CAMERA_IMPORT_MAX_CHARS).optional(),
    rows: z.array(cameraImportRowSchema).max(CAMERA_IMPORT_MAX_LINES).optional(),
  })
  .strict()
  .refine((b) => (b.csv === undefined) !== (b.rows === undefined), 'give either csv or rows');
export type CameraImportInput = z.infer<typeof cameraImportInputSchema>;

export const CAMERA_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CameraImportStatus = (typeof CAMERA_IMPORT_STATUSES)[number];

export const cameraImportLineResultSchema = z.object({
  /** The CSV line (1-based, header included) or the row's position (1-based). */
  line: z.number().int(),
  name: z.string(),
  ok: z.boolean(),
  cameraId: z.string().optional(),
  error: z.string().optional(),
});
export type CameraImportLineResult = z.infer<typeof cameraImportLineResultSchema>;

export const cameraImportSchema = z.object({
  id: z.string(),
  siteId: z.string().nullable(),
  status: z.enum(CAMERA_IMPORT_STATUSES),
  /** Camera lines in the import (header and blank lines not counted). */
  total: z.number().int(),
  /** Lines with a result so far (refused lines have theirs at once). */
  processed: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  /** In line order. */
  results: z.array(cameraImportLineResultSchema),
  /** Why the whole import stopped (status failed). */
  error: z.string().nullable(),
  createdAt: isoDate,
  finishedAt: isoDate.nullable(),
});
export type CameraImport = z.infer<typeof cameraImportSchema>;

export const discoverInputSchema = z
  .object({
    /** Sent to every device found (WS-Security UsernameToken, password digest); never stored. */
    username: credential('user name', 200).optional(),
    password: credential('password', 200).optional(),
    /**
     * Addresses to probe by unicast besides the multicast probe (a site reached through a VPN,
     * where multicast does not travel): an IP or host name with an optional port (3702).
     */
    targets: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(260)
          .regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be an address or host name, with an optional :port'),
      )
      .max(DISCOVERY_TARGETS_MAX)
      .optional(),
    /** How long to listen for answers. */
    seconds: z.number().int().min(1).max(10).default(DISCOVERY_SECONDS_DEFAULT),
  })
  .strict();
export type DiscoverInput = z.input<typeof discoverInputSchema>;

export const discoveredStreamSchema = z.object({
  /** The media profile's token and name (a main stream and a substream, typically). */
  token: z.string(),
  name: z.string(),
  encoding: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** The RTSP URI the device gave, without credentials. */
  uri: z.string(),
});
export type DiscoveredStream = z.infer<typeof discoveredStreamSchema>;

export const discoveredDeviceSchema = z.object({
  /** WS-Discovery's endpoint reference (urn:uuid:…), when the device gave one. */
  endpoint: z.string().nullable(),
  /** The device service address that was queried. */
  xaddr: z.string(),
  host: z.string(),
  /** From the scopes (onvif://www.onvif.org/name/…) or GetDeviceInformation. */
  name: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  streams: z.array(discoveredStreamSchema),
  /** Why streams are missing (credentials needed or refused, no answer…); null when it answered. */
  error: z.string().nullable(),
});
export type DiscoveredDevice = z.infer<typeof discoveredDeviceSchema>;

export const discoveryResultSchema = z.object({
  devices: z.array(discoveredDeviceSchema),
  /** Devices that answered but whose address the outbound policy refuses: never contacted. */
  skipped: z.array(z.object({ xaddr: z.string(), reason: z.string() })),
  /** How long the scan took. */
  durationMs: z.number().int(),
});
export type DiscoveryResult = z.infer<typeof discoveryResultSchema>;
