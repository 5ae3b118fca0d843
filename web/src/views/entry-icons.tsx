/**
 * The day view's entry buttons drawn as inline SVG (a font glyph such as ⧉ is missing from many phones' fonts
 * and showed as an empty box). Decorative: each button's accessible name is its word.
 */
const PATHS = {
  Edit: "M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4",
  Delete: "M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13M10 11v6M14 11v6",
  Copy: "M9 9h11v11H9zM5 15H4V4h11v1",
  Move: "M4 12h13M13 7l5 5-5 5M4 5v14",
} as const;

export type EntryAct = keyof typeof PATHS;

export function EntryIcon({ name }: { name: EntryAct }) {
  return (
    <svg class="entry-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}

/** One of an entry's four buttons: its word on a wide screen, its icon on a phone; the name is the word. */
export function EntryButton({ act, title, onClick }: { act: EntryAct; title: string; onClick: () => void }) {
  return (
    <button type="button" class="icon-btn entry-act" aria-label={act} title={title} onClick={onClick}>
      <EntryIcon name={act} />
      <span aria-hidden="true" class="word">
        {act}
      </span>
    </button>
  );
}
