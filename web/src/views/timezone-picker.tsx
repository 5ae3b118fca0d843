/**
 * `Time zone`: a combobox that filters the ~400 zones as you type ("new york" finds America/New_York) instead of a
 * list to scroll through; the text is the form's `timezone` (the server refuses a zone it does not know, and says so).
 */
import { useState } from "preact/hooks";

const SHOWN = 8;
const words = (z: string) => z.toLowerCase().replace(/[_/]+/g, " ");

export function TimeZonePicker({ zones, value }: { zones: string[]; value: string }) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const wanted = words(text).split(/\s+/).filter(Boolean);
  const matches = open ? zones.filter((z) => wanted.every((w) => words(z).includes(w))).slice(0, SHOWN) : [];
  const shown = matches.length > 0;
  const pick = (z: string) => {
    setText(z);
    setOpen(false);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      const n = Math.max(matches.length, 1);
      setActive((a) => (a + (e.key === "ArrowDown" ? 1 : n - 1)) % n);
    } else if (e.key === "Enter" && shown) {
      e.preventDefault(); // picks the zone; a second Enter saves
      pick(matches[Math.min(active, matches.length - 1)]!);
    } else if (e.key === "Escape") setOpen(false);
  };
  return (
    <div class="tz-picker">
      <label>
        Time zone
        <input
          name="timezone"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={shown ? "tz-options" : undefined}
          aria-activedescendant={shown ? `tz-option-${Math.min(active, matches.length - 1)}` : undefined}
          autocomplete="off"
          spellcheck={false}
          value={text}
          onInput={(e) => {
            setText((e.target as HTMLInputElement).value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKey}
          onBlur={() => setOpen(false)}
        />
      </label>
      {shown && (
        <div id="tz-options" role="listbox" aria-label="Time zones" class="tz-options">
          {matches.map((z, i) => (
            <div
              key={z}
              id={`tz-option-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              // before the input's blur closes the list
              onMouseDown={(e) => {
                e.preventDefault();
                pick(z);
              }}
            >
              {z}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
