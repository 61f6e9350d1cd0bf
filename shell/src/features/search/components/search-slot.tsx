import { useLocation } from '@dblearn/web/router';
import { type ComponentType, useId, useRef, useState } from 'react';
import type { SearchBoxProps } from './search-box.js';

let loading: Promise<ComponentType<SearchBoxProps>> | null = null;
/** The search chunk (box, results, RTK endpoint, styles), fetched once on the first sign of intent. */
function loadSearchBox(): Promise<ComponentType<SearchBoxProps>> {
  loading ??= import('./search-box.js').then((module) => module.default);
  return loading;
}

/**
 * What the shell's first load holds of search (decision 0010's budget): a plain input that fetches
 * the real box when pointed at, touched or focused, then hands over what was typed and the focus.
 * Under 48rem the box folds behind a Search button.
 */
export function SearchSlot() {
  const boxId = useId();
  const { pathname } = useLocation();
  const [Box, setBox] = useState<ComponentType<SearchBoxProps> | null>(null);
  // Controlled: a keystroke typed while the chunk arrives is in `typed` when the box mounts with it.
  const [typed, setTyped] = useState('');
  const [focusOnHandOver, setFocusOnHandOver] = useState(false);
  // Unfolded on the page where it was opened: opening a result folds it again.
  const [unfoldedOn, setUnfoldedOn] = useState<string | null>(null);
  const placeholder = useRef<HTMLInputElement>(null);
  const unfolded = unfoldedOn === pathname;

  const load = () => {
    void loadSearchBox().then(
      (loaded) => {
        const input = placeholder.current;
        setFocusOnHandOver(input !== null && document.activeElement === input);
        setBox(() => loaded);
      },
      // A chunk that failed to load is asked again on the next sign of intent.
      () => {
        loading = null;
      },
    );
  };

  const fold = () => setUnfoldedOn(null);
  return (
    <div className={unfolded ? 'search-slot search-slot--open' : 'search-slot'} role="search">
      <button
        type="button"
        className="search-slot__toggle"
        aria-expanded={unfolded}
        aria-controls={boxId}
        onPointerEnter={load}
        onClick={() => {
          load();
          setUnfoldedOn(unfolded ? null : pathname);
        }}
      >
        Search
      </button>
      <div id={boxId} className="search-slot__box">
        {Box ? (
          <Box initialQuery={typed} focus={focusOnHandOver || unfolded} onDone={fold} />
        ) : (
          <input
            ref={placeholder}
            type="search"
            className="search-slot__placeholder"
            aria-label="Search DBLearn"
            placeholder="Search courses, tutorials, Q&A…"
            maxLength={200}
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onFocus={load}
            onPointerEnter={load}
            onTouchStart={load}
          />
        )}
      </div>
    </div>
  );
}
