import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchSnapshot } from '../api.ts';

export type SnapshotState =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'none'; error: ApiError | null };

/** The camera's current picture as an object URL, fetched again when `version` changes; revoked on change. */
export function useSnapshot(cameraId: string, version: number): SnapshotState {
  const [state, setState] = useState<SnapshotState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version is the ask to fetch again
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    fetchSnapshot(cameraId, controller.signal).then(
      (u) => {
        url = u;
        if (controller.signal.aborted) URL.revokeObjectURL(u);
        else setState({ status: 'ready', url: u });
      },
      (e) => {
        if (!controller.signal.aborted) setState({ status: 'none', error: e instanceof ApiError ? e : null });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [cameraId, version]);
  return state;
}
