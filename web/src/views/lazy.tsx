/**
 * A view loaded on first use, in a chunk of its own (kept out of the first load's 150 KB budget; the service
 * worker caches every chunk, so it opens offline too). Until the chunk is in, the view's place is an empty
 * main marked busy (or the placeholder given: a part of a view gives null, nothing).
 */
import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";

export function lazyView<P extends object>(
  load: () => Promise<(props: P) => JSX.Element | null>,
  /** What shows until the chunk is in: a part of a view (not a whole view) shows nothing. */
  placeholder: JSX.Element | null = <main aria-busy="true" />,
) {
  let View: ((props: P) => JSX.Element | null) | null = null;
  let loading: Promise<void> | null = null;
  return function Lazy(props: P) {
    const [, loaded] = useState(false);
    useEffect(() => {
      if (View) return;
      let live = true;
      loading ??= load().then((v) => {
        View = v;
      });
      loading.then(() => live && loaded(true));
      return () => {
        live = false;
      };
    }, []);
    return View ? <View {...props} /> : placeholder;
  };
}
