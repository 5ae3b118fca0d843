/**
 * `Settings sections`: a link to each section heading of Settings (read from the page, so a section added by any
 * component is listed, and the lazily loaded Profile and Targets join when they arrive), and the section the address
 * names (`#/settings/<heading id>`, as the day's exercise note links Exercise and water) scrolled into view.
 */
import { useEffect, useState } from "preact/hooks";

interface Link {
  id: string;
  text: string;
}

const slug = (s: string) =>
  `section-${s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

export function SettingsSections() {
  const [links, setLinks] = useState<Link[]>([]);
  useEffect(() => {
    const main = document.querySelector("main.settings");
    if (!main) return;
    const read = () => {
      const next: Link[] = [];
      for (const h of main.querySelectorAll<HTMLHeadingElement>("h2")) {
        if (h.closest("nav")) continue;
        const text = h.textContent?.trim() ?? "";
        if (!h.id) h.id = slug(text);
        next.push({ id: h.id, text });
      }
      setLinks((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    read();
    const watch = new MutationObserver(read);
    watch.observe(main, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  const target = location.hash.split("/")[2];
  const known = links.some((l) => l.id === target);
  useEffect(() => {
    if (target && known) document.getElementById(target)?.scrollIntoView();
  }, [target, known]);
  return (
    <nav aria-label="Settings sections" class="section-links">
      <ul>
        {links.map((l) => (
          <li key={l.id}>
            <a href={`#/settings/${l.id}`}>{l.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
