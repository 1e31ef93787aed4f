/**
 * Why a camera cannot be read, one code per kind a person fixes differently: the probe ("Test
 * connection") and the recorder (a camera's lastError) both say it with these sentences, and the
 * web app finds the code back in them to say it in the reader's language. `{target}` is the
 * camera's host (and port) as the failure named it.
 */
export const CAMERA_FAILURES = {
  'camera/unreachable':
    'The camera did not answer at {target}: check that it is on and connected, and that the address is right.',
  'camera/refused': 'Connection refused by {target}: nothing is listening on that port, check the port in the URL.',
  'camera/unauthorized': 'The camera rejected the user name or password (401): check them.',
  'camera/not-found': 'The camera has no stream at this path (404): check the path in the URL.',
  'camera/host-not-found': 'Host not found: {target} does not resolve, check the address in the URL.',
  'camera/not-video': 'This address answers, but not with a video stream: check the URL and the stream type.',
} as const;

export type CameraFailureCode = keyof typeof CAMERA_FAILURES;
export const CAMERA_FAILURE_CODES = Object.keys(CAMERA_FAILURES) as CameraFailureCode[];

/** What a sentence says when the failure named no host. */
export const CAMERA_FAILURE_NO_TARGET = 'the camera';

/** The sentence of a code; a missing target reads "the camera". */
export function cameraFailureMessage(code: CameraFailureCode, target?: string | null): string {
  return CAMERA_FAILURES[code].replace('{target}', target || CAMERA_FAILURE_NO_TARGET);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = CAMERA_FAILURE_CODES.map((code) => ({
  code,
  re: new RegExp(`^${escapeRegExp(CAMERA_FAILURES[code]).replace('\\{target\\}', '(?<target>.+?)')}$`),
}));

/** The code and target a sentence of cameraFailureMessage was made from; null for any other text. */
export function parseCameraFailure(text: string): { code: CameraFailureCode; target: string } | null {
  for (const { code, re } of PATTERNS) {
    const m = re.exec(text);
    if (m) return { code, target: m.groups?.target ?? '' };
  }
  return null;
}
