import type { RemoteDefinition } from '@dblearn/federation';

/** What an area shows while its code is on the way. */
export function AreaLoading({ remote }: { remote: RemoteDefinition }) {
  return (
    <p className="area-loading" role="status">
      Loading {remote.title}…
    </p>
  );
}
