import type { ClientInfo } from '@vigil/shared';
import type { TFunction } from 'i18next';

/** "Chrome 126 on Linux", "Safari 17 on iOS 17.4", or "Unknown browser" — what a person recognises. */
export function clientLabel(t: TFunction, c: ClientInfo): string {
  const browser = c.browser ?? t('security.client.unknownBrowser');
  return c.os ? t('security.client.on', { browser, os: c.os }) : browser;
}
