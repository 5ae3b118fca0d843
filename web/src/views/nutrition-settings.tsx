/**
 * Settings → `Profile` and `Targets`, read from this device (so they work offline) and re-read after every sync.
 */
import { loadTargets } from "../targets";
import { localProfile, localSettings } from "../targets-local";
import { dateIn, useApp, useData } from "../ui";
import { ProfileForm } from "./profile-form";
import { TargetsForm } from "./targets-form";

export function NutritionSettings({ onSaved }: { onSaved: (note: string) => void }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const data = useData(async () => {
    const [profile, settings, doc] = await Promise.all([
      localProfile(app.db),
      localSettings(app.db),
      loadTargets(app.db, today).catch(() => null),
    ]);
    return { profile, settings, doc };
  }, [today]);
  if (!data) return null;
  return (
    <>
      <ProfileForm key={JSON.stringify(data.profile)} profile={data.profile} onSaved={onSaved} />
      {data.doc ? (
        <TargetsForm
          key={JSON.stringify([data.settings, data.doc.items.map((t) => [t.minimum, t.maximum])])}
          doc={data.doc}
          settings={data.settings}
          onSaved={onSaved}
        />
      ) : (
        <section aria-labelledby="targets-title">
          <h2 id="targets-title">Targets</h2>
          <p class="muted">Your nutrient targets show here once this device has reached the server.</p>
        </section>
      )}
    </>
  );
}
