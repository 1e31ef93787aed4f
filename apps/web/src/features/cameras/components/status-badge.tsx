import type { CameraStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { cameraStatusBadge } from '../../../lib/camera-status.ts';

/** Colour is never the only signal: the status is always written out, with a shape beside it. */
export function StatusBadge({ status }: { status: CameraStatus }) {
  const { t } = useTranslation();
  return (
    <Badge {...cameraStatusBadge(status)} data-status={status}>
      {t(`cameras.status.${status}`)}
    </Badge>
  );
}
