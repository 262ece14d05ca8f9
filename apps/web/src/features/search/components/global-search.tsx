import { SEARCH_DEBOUNCE_MS, SEARCH_TERM_MAX_LENGTH } from '@aerie/contract';
import { ActionIcon } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../../components/ui/icons';
import {
  useAddRecentResult,
  useAddSearchHistory,
  useRecentResults,
  useSearchHistory,
} from '../../shell';
import { useSearchResults } from '../api/search';
import { searchMessages as m } from '../messages';
import {
  flatOptions,
  historySections,
  nextActive,
  resultPath,
  resultSections,
  searchableTerm,
  type SearchOption,
  type SearchSection,
} from '../utils/search-options';
import classes from './global-search.module.css';

/** Whether a key press goes to a field the user is typing in (the shortcut leaves it alone). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * The top bar's search (spec 000 §2.7): with 2 characters or fewer, the past terms and recent
 * results; with more, devices and subscriptions matching the term 500 ms after the last
 * keystroke. Arrow keys walk the list, Enter opens (the first result when none is chosen),
 * Escape closes then clears; `/` or Ctrl+K (⌘K) focuses the box from anywhere. A WAI-ARIA
 * combobox: the focus stays in the box and the list names its active option.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  /** Phones: the box is shown over the header. */
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = searchableTerm(text);
  // The term searched for: the typed one, once typing paused (spec 000 §5).
  const [term, setTerm] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(searchableTerm(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const history = useSearchHistory({ enabled: open });
  const recent = useRecentResults({ enabled: open });
  const results = useSearchResults(open && typed !== null ? term : null);
  const addHistory = useAddSearchHistory();
  const addRecent = useAddRecentResult();

  const sections: SearchSection[] = useMemo(() => {
    if (typed === null) {
      return historySections(
        (history.data ?? []).map((h) => h.term),
        recent.data ?? [],
      );
    }
    return results.data && term !== null ? resultSections(results.data) : [];
  }, [typed, term, history.data, recent.data, results.data]);
  const options = useMemo(() => flatOptions(sections), [sections]);
  useEffect(() => setActive(-1), [options]);

  let status = '';
  if (typed === null) {
    if (history.isSuccess && recent.isSuccess && options.length === 0) status = m.noHistory;
  } else if (results.isError && !results.isFetching) {
    status = m.failed;
  } else if (term !== typed || results.isFetching) {
    if (options.length === 0) status = m.searching;
  } else if (results.isSuccess && options.length === 0) {
    status = m.noResults;
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const panelShown = open && (options.length > 0 || status !== '');

  function focusBox() {
    setExpanded(true);
    setOpen(true);
    const focusAndSelect = () => {
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    // At once when the box is on screen (the next key replaces what it holds); on a phone it is
    // shown first, so once it is.
    if (inputRef.current?.offsetParent) focusAndSelect();
    else requestAnimationFrame(focusAndSelect);
  }

  function close() {
    setOpen(false);
    setExpanded(false);
    setActive(-1);
  }

  function pick(option: SearchOption) {
    if (option.kind === 'term') {
      setText(option.term);
      setTerm(option.term);
      inputRef.current?.focus();
      return;
    }
    // The term that found it joins the history; the result joins the recent results.
    if (typed !== null) addHistory.mutate(typed);
    addRecent.mutate(option.result);
    setText('');
    close();
    inputRef.current?.blur();
    // An address with a query (a document's download page) is a whole href, not a route path.
    void navigate({ href: resultPath(option.result) });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        setActive((current) =>
          nextActive(current, options.length, event.key === 'ArrowDown' ? 1 : -1),
        );
        break;
      }
      case 'Enter': {
        const chosen = options[active] ?? (typed !== null && term === typed ? options[0] : null);
        if (chosen) {
          event.preventDefault();
          pick(chosen);
        }
        break;
      }
      case 'Escape': {
        event.preventDefault();
        if (open && panelShown) close();
        else if (text) setText('');
        else {
          close();
          inputRef.current?.blur();
        }
        break;
      }
    }
  }

  // `/` (outside a field) or Ctrl+K / ⌘K from anywhere focuses the box.
  useWindowEvent('keydown', (event) => {
    const slash = event.key === '/' && !isTyping(event.target);
    const commandK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
    if (!slash && !commandK) return;
    if (event.altKey || event.shiftKey) return;
    event.preventDefault();
    focusBox();
  });

  let index = -1;
  return (
    <div className={classes.root} data-expanded={expanded || undefined}>
      <ActionIcon
        className={classes.openButton}
        variant="subtle"
        size="lg"
        aria-label={m.open}
        onClick={focusBox}
      >
        <Icon name="search" size={20} />
      </ActionIcon>
      <div className={classes.field}>
        <Icon name="search" size={16} className={classes.icon} />
        <input
          ref={inputRef}
          className={classes.input}
          type="search"
          role="combobox"
          aria-label={m.label}
          aria-keyshortcuts="/ Control+K Meta+K"
          aria-autocomplete="list"
          aria-expanded={panelShown}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          placeholder={m.placeholder}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {!text && (
          <kbd className={classes.hint} aria-hidden>
            {m.shortcutHint}
          </kbd>
        )}
        <ActionIcon
          className={classes.closeButton}
          variant="subtle"
          size="lg"
          aria-label={m.close}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setText('');
            close();
          }}
        >
          <Icon name="close" size={18} />
        </ActionIcon>
      </div>
      <div
        className={classes.panel}
        hidden={!panelShown}
        // Clicks in the list keep the focus in the box (the combobox pattern).
        onMouseDown={(event) => event.preventDefault()}
      >
        <div id={listId} role="listbox" aria-label={m.label}>
          {sections.map((section) => (
            <div key={section.key} role="group" aria-labelledby={`${id}-${section.key}`}>
              <div id={`${id}-${section.key}`} className={classes.heading} role="presentation">
                {section.label}
              </div>
              {section.options.map((option) => {
                index += 1;
                const at = index;
                return (
                  <div
                    key={option.key}
                    id={optionId(at)}
                    role="option"
                    aria-selected={at === active}
                    className={classes.option}
                    onMouseMove={() => at !== active && setActive(at)}
                    onClick={() => pick(option)}
                  >
                    <span className={classes.name}>
                      {option.kind === 'term' ? option.term : option.result.name}
                    </span>
                    {option.kind === 'result' && option.detail && (
                      <span className={classes.detail}>{option.detail}</span>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <div className={classes.status} role="status">
          {status}
        </div>
      </div>
    </div>
  );
}
