import { Button } from './button.tsx';

/** What a paged list (an infinite query) tells about its next page. */
export interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * "Load more" under a paged list: shown only while there is a next page, busy while it loads.
 * `className` places it (a margin, centred in a row).
 */
export function LoadMoreButton({ list, label, className }: { list: NextPage; label: string; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={className}>
      <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {label}
      </Button>
    </div>
  );
}
