/**
 * Numbers as people type them: `1.5` and `1,5` are both one and a half (a decimal comma is how much of
 * the world writes them). A `type="number"` input read `1,5` as 15 in an English browser (the comma taken
 * for a thousands separator), so every number field is a text input with the spinbutton role, a decimal
 * keypad, and this parser; anything else is refused in place by the form that reads it.
 */
import type { InputHTMLAttributes } from "preact";

import { notANumber, parseDecimal } from "./decimal";

export { notANumber, parseDecimal };

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role" | "inputMode" | "onInput"> & {
  onValue?: (text: string) => void;
};

/** A number field (role spinbutton) that takes a decimal point or a decimal comma. */
export function NumberInput({ onValue, ...props }: Props) {
  const text = typeof props.value === "string" ? props.value : null;
  const n = text === null ? null : parseDecimal(text);
  return (
    <input
      {...props}
      type="text"
      role="spinbutton"
      inputMode="decimal"
      autocomplete="off"
      aria-valuenow={n !== null && Number.isFinite(n) ? n : undefined}
      aria-invalid={text !== null && Number.isNaN(n) ? true : props["aria-invalid"]}
      onInput={onValue ? (e) => onValue((e.target as HTMLInputElement).value) : undefined}
    />
  );
}
