import { useEffect, useRef } from "preact/hooks";

/**
 * A file input for the image types the server takes (API.md: JPEG, PNG or WebP). `onFile` gets
 * the chosen file; the input is cleared after, so the same photo can be chosen again.
 */
export function PhotoInput({
  label,
  onFile,
  openNow = false,
}: {
  label: string;
  onFile: (file: File) => Promise<void>;
  /** Opens the picker as it appears: the person just tapped a button that asked for it (Read the label). */
  openNow?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  // the tap that opened this view is still a user activation, so the browser lets the picker open
  useEffect(() => {
    if (openNow) input.current?.click();
  }, []);
  async function change(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    try {
      await onFile(file);
    } finally {
      input.value = "";
    }
  }
  // a button to look at (the bare input read "Choose File · No file chosen"), the real file input inside it, named by it
  return (
    <label class="file">
      <svg class="file-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M4 7h3l2-3h6l2 3h3v13H4z M12 10a4 4 0 1 0 0 8a4 4 0 0 0 0-8" />
      </svg>
      {label}
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void change(e)} />
    </label>
  );
}
