import type { CameraStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { cameraStatusBadge } from '../../../lib/camera-status.ts';

/** A camera's status, written out with a shape beside it (colour is never the only signal). */
export function CameraStatusBadge({ status }: { status: CameraStatus }) {
  const { t } = useTranslation();
  return (
    <Badge {...cameraStatusBadge(status)} data-status={status}>
      {t(`sites.status.${status}`)}
    </Badge>
  );
}
