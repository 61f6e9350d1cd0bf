import { SEARCH_KIND_LABELS, SEARCH_KINDS, type SearchHit } from '@dblearn/contracts';
import { useNavigate } from '@dblearn/web/router';
import { type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchQuery } from '../api/search.js';
import { resultPath, searchPagePath } from '../lib/result-path.js';
import { useDebounced } from '../lib/use-debounced.js';
import { Highlighted } from './highlighted.js';
import './search.css';

/** Keystrokes settle this long before a search goes out. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchBoxProps {
  /** What was typed into the placeholder before this chunk arrived. */
  initialQuery: string;
  /** The placeholder had the focus: take it over. */
  focus: boolean;
  /** A result or the results page was opened, or Escape on an empty box: the navbar may fold the box. */
  onDone?: () => void;
}

type Option = { kind: 'hit'; hit: SearchHit; path: string } | { kind: 'all'; path: string };

/**
 * The navbar's search (issue 22): a combobox whose listbox groups the first results by kind, each
 * with its title and snippet (matched words marked) and where it lives. ArrowDown/ArrowUp move,
 * Enter opens the active option (or the results page), Escape closes, then clears. Loaded lazily.
 */
export default function SearchBox({ initialQuery, focus, onDone }: SearchBoxProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const statusId = useId();
  const [text, setText] = useState(initialQuery);
  const [open, setOpen] = useState(initialQuery.trim() !== '');
  // The active option belongs to the answer it was chosen in: a new answer starts with none.
  const [chosen, setChosen] = useState<{ of: unknown; index: number }>({ of: undefined, index: -1 });
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isError, isFetching } = useSearchQuery({ q }, { skip: q.length === 0 });
  const answered = data && q.length > 0 ? data : undefined;

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!focus || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [focus]);

  const active = chosen.of === answered ? chosen.index : -1;
  const setActive = (index: number | ((current: number) => number)) =>
    setChosen((current) => ({ of: answered, index: typeof index === 'number' ? index : index(current.of === answered ? current.index : -1) }));
  const groups = useMemo(
    () =>
      SEARCH_KINDS.map((kind) => ({ kind, hits: answered?.items.filter((hit) => hit.kind === kind) ?? [] }))
        .filter((group) => group.hits.length > 0)
        // Each group's first option's index among all the options.
        .map((group, at, all) => ({ ...group, start: all.slice(0, at).reduce((sum, before) => sum + before.hits.length, 0) })),
    [answered],
  );
  const options = useMemo<Option[]>(
    () => (q.length === 0 ? [] : [...groups.flatMap((group) => group.hits.map((hit) => ({ kind: 'hit' as const, hit, path: resultPath(hit) }))), { kind: 'all', path: searchPagePath(q) }]),
    [groups, q],
  );

  const expanded = open && q.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    navigate(path);
    onDone?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      const trimmed = text.trim();
      if (trimmed.length === 0) return;
      event.preventDefault();
      const option = expanded ? options[active] : undefined;
      go(option ? option.path : searchPagePath(trimmed));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text !== '') {
        event.preventDefault();
        setText('');
      } else onDone?.();
    }
  };

  let status = '';
  if (expanded && isError) status = 'Search is unavailable right now.';
  else if (expanded && answered) status = answered.total === 0 ? `No results for “${q}”.` : `${answered.total} result${answered.total === 1 ? '' : 's'}.`;

  return (
    <div className="search-box">
      <input
        ref={inputRef}
        type="search"
        className="search-box__input"
        role="combobox"
        aria-label="Search DBLearn"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={statusId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder="Search courses, tutorials, Q&A…"
        maxLength={200}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <p id={statusId} className="search-box__status" role="status">
        {status}
      </p>
      <div id={listId} role="listbox" aria-label="Search results" className="search-box__list" hidden={!expanded}>
        {expanded && isError ? <p className="search-box__note">Search is unavailable right now.</p> : null}
        {expanded && !isError && answered && answered.total === 0 ? <p className="search-box__note">No results for “{q}”.</p> : null}
        {expanded && !answered && isFetching ? <p className="search-box__note">Searching…</p> : null}
        {groups.map((group) => (
          <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} className="search-box__group">
            <div id={`${listId}-${group.kind}`} role="presentation" className="search-box__group-label">
              {SEARCH_KIND_LABELS[group.kind]}
            </div>
            {group.hits.map((hit, offset) => {
              const at = group.start + offset;
              return (
                <div
                  key={hit.id}
                  id={optionId(at)}
                  role="option"
                  aria-selected={active === at}
                  className={active === at ? 'search-box__option search-box__option--active' : 'search-box__option'}
                  // Chosen before the input's blur closes the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(resultPath(hit))}
                  onMouseMove={() => setActive(at)}
                >
                  <span className="search-box__title">
                    <Highlighted text={hit.title} marks={hit.titleMarks} />
                  </span>
                  <span className="search-box__location">{hit.location}</span>
                  <span className="search-box__snippet">
                    <Highlighted text={hit.snippet.text} marks={hit.snippet.marks} />
                  </span>
                </div>
              );
            })}
          </div>
        ))}
        {expanded && options.length > 0 ? (
          <div
            id={optionId(options.length - 1)}
            role="option"
            aria-selected={active === options.length - 1}
            className={active === options.length - 1 ? 'search-box__option search-box__all search-box__option--active' : 'search-box__option search-box__all'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(searchPagePath(q))}
            onMouseMove={() => setActive(options.length - 1)}
          >
            All results for “{q}”
          </div>
        ) : null}
      </div>
    </div>
  );
}
