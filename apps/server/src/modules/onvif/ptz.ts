import type { PtzMove, PtzPreset } from '@vigil/shared';
import { NS, escapeXml } from './messages.ts';
import { type XmlNode, find, findAll, textOf } from './xml.ts';

/**
 * PTZ (ver20) requests on one media profile, and the readers of their answers. A continuous move
 * carries its own Timeout: a camera that honours it stops by itself even if every later word from
 * us is lost; the server's deadman covers the cameras that ignore it.
 */

/** How long the camera keeps moving on one ContinuousMove without a new one (the deadman's span). */
export const MOVE_TIMEOUT_MS = 1000;

const P = `xmlns:tptz="${NS.tptz}"`;
const profile = (token: string) => `<tptz:ProfileToken>${escapeXml(token)}</tptz:ProfileToken>`;

/** −1…1 written as ONVIF's xs:float, three decimals (more is noise for a velocity). */
const speed = (v: number) => String(Math.round(Math.max(-1, Math.min(1, v)) * 1000) / 1000);

export const isStill = (m: PtzMove) => m.pan === 0 && m.tilt === 0 && m.zoom === 0;

export const PTZ_OPS = {
  /** Only the axes that move are named: some cameras refuse a Zoom velocity they have no lens for. */
  continuousMove(token: string, m: PtzMove): string {
    const panTilt = m.pan !== 0 || m.tilt !== 0 ? `<tt:PanTilt x="${speed(m.pan)}" y="${speed(m.tilt)}"/>` : '';
    const zoom = m.zoom !== 0 ? `<tt:Zoom x="${speed(m.zoom)}"/>` : '';
    return (
      `<tptz:ContinuousMove ${P}>${profile(token)}<tptz:Velocity>${panTilt}${zoom}</tptz:Velocity>` +
      `<tptz:Timeout>PT${MOVE_TIMEOUT_MS / 1000}S</tptz:Timeout></tptz:ContinuousMove>`
    );
  },
  stop: (token: string) =>
    `<tptz:Stop ${P}>${profile(token)}<tptz:PanTilt>true</tptz:PanTilt><tptz:Zoom>true</tptz:Zoom></tptz:Stop>`,
  presets: (token: string) => `<tptz:GetPresets ${P}>${profile(token)}</tptz:GetPresets>`,
  gotoPreset: (token: string, preset: string) =>
    `<tptz:GotoPreset ${P}>${profile(token)}<tptz:PresetToken>${escapeXml(preset)}</tptz:PresetToken></tptz:GotoPreset>`,
  /** Without a PresetToken the camera makes a new preset at its current position. */
  setPreset: (token: string, name: string) =>
    `<tptz:SetPreset ${P}>${profile(token)}<tptz:PresetName>${escapeXml(name)}</tptz:PresetName></tptz:SetPreset>`,
  removePreset: (token: string, preset: string) =>
    `<tptz:RemovePreset ${P}>${profile(token)}<tptz:PresetToken>${escapeXml(preset)}</tptz:PresetToken></tptz:RemovePreset>`,
  home: (token: string) => `<tptz:GotoHomePosition ${P}>${profile(token)}</tptz:GotoHomePosition>`,
};

/** Cameras list at most a few hundred presets; more is a device misbehaving. */
const MAX_PRESETS = 300;

/** GetPresets: each Preset's token attribute and Name (a nameless preset shows its token). */
export function parsePresets(doc: XmlNode): PtzPreset[] {
  const response = find(doc, 'GetPresetsResponse');
  if (!response) return [];
  return findAll(response, 'Preset')
    .filter((p) => p.attrs.token)
    .slice(0, MAX_PRESETS)
    .map((p) => ({ token: p.attrs.token!, name: (textOf(p, 'Name') ?? p.attrs.token!).slice(0, 200) }));
}

/** SetPreset's answer: the token the camera gave the new preset. */
export const parseSetPreset = (doc: XmlNode): string | null => textOf(doc, 'SetPresetResponse', 'PresetToken');
