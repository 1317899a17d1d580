'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { readActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { CATALOG_PATH, catalogHref, searchPath, suggestionHref, vehicleParams } from '@/lib/catalog/url';
import type { Suggestion } from '@/lib/catalog/search/types';
import { cn } from '@/lib/core/utils';
import { MAX_QUERY_LENGTH } from '@/lib/core/site';

const KIND_LABELS: Record<Suggestion['kind'], string> = { part: 'Part', query: 'Search', category: 'Category', brand: 'Brand' };
const DEBOUNCE_MS = 15;

/** The suggestions for the typed text (the last answer stays while the next loads), the open and highlighted state, and the keys. */
function useSearchSuggestions(text: string) {
  const [answer, setAnswer] = useState<{ for: string; suggestions: Suggestion[] }>({ for: '', suggestions: [] });
  const suggestions = answer.suggestions;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const term = text.trim();
    if (!term) return;
    const timer = setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(term)}`, { signal: controller.signal });
        if (!res.ok) return;
        const data = (await res.json()) as { suggestions: Suggestion[] };
        setAnswer({ for: term, suggestions: data.suggestions });
        setActive(-1);
      } catch {
        // Aborted by the next keystroke, or offline: keep the last suggestions.
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const expanded = open && suggestions.length > 0 && text.trim().length > 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (suggestions.length ? (index + 1) % suggestions.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (suggestions.length ? (index <= 0 ? suggestions.length - 1 : index - 1) : -1));
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      close();
    }
  }

  return { answer, active, setActive, expanded, setOpen, close, onKeyDown };
}

/** The navbar's search, an ARIA 1.2 combobox narrowed to the chosen vehicle; without scripts it is a plain GET form to the catalog. */
export function SearchBox({ className }: { className?: string }) {
  const id = useId();
  const router = useRouter();
  const [text, setText] = useState('');
  const { answer, active, setActive, expanded, setOpen, close, onKeyDown } = useSearchSuggestions(text);
  // Uncontrolled: text typed before the page's scripts ran stays in the box and is what Enter searches.
  const input = useRef<HTMLInputElement>(null);

  function go(href: string) {
    close();
    router.push(href);
  }
  const follow = (suggestion: Suggestion) => go(suggestionHref(suggestion, readActiveVehicle()));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (expanded && active >= 0) return follow(answer.suggestions[active]!);
    const term = (input.current?.value ?? text).trim();
    if (term) go(catalogHref(CATALOG_PATH, { q: term, ...vehicleParams(readActiveVehicle()) }));
  }

  return (
    <form role="search" action={searchPath(CATALOG_PATH)} method="get" onSubmit={submit} className={cn('lg:relative', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Search parts
      </label>
      <input
        id={`${id}-input`}
        name="q"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(id, active) : undefined}
        autoComplete="off"
        maxLength={MAX_QUERY_LENGTH}
        placeholder="Part, brand or part number"
        ref={input}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        className="w-full rounded-lg border border-white/20 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <SuggestionList id={id} answer={answer} active={active} hidden={!expanded} onFollow={follow} onHighlight={setActive} />
    </form>
  );
}

const optionId = (id: string, index: number) => `${id}-option-${index}`;

type SuggestionListProps = {
  id: string;
  answer: { for: string; suggestions: Suggestion[] };
  active: number;
  hidden: boolean;
  onFollow: (suggestion: Suggestion) => void;
  onHighlight: (index: number) => void;
};

function SuggestionList({ id, answer, active, hidden, onFollow, onHighlight }: SuggestionListProps) {
  return (
    <ul
      id={`${id}-listbox`}
      role="listbox"
      aria-label="Suggestions"
      hidden={hidden}
      data-for={answer.for}
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-lg bg-white py-1 text-slate-900 shadow-xl ring-1 ring-slate-200"
    >
      {answer.suggestions.map((suggestion, index) => (
        <li
          key={`${suggestion.kind}:${suggestionHref(suggestion)}`}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          // mousedown, not click: the input's blur would close the list before a click lands.
          onMouseDown={(event) => {
            event.preventDefault();
            onFollow(suggestion);
          }}
          onMouseEnter={() => onHighlight(index)}
          className={cn('flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm', index === active && 'bg-slate-100')}
        >
          <span className="min-w-0">
            <span className="block truncate font-medium">{suggestion.label}</span>
            {'detail' in suggestion && suggestion.detail && (
              <span className="block truncate text-xs text-slate-600">{suggestion.detail}</span>
            )}
          </span>
          <span className="shrink-0 text-xs text-slate-600">{KIND_LABELS[suggestion.kind]}</span>
        </li>
      ))}
    </ul>
  );
}
