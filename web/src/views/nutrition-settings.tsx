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
      loadTargets(app.db, today, today),
    ]);
    return { profile, settings, doc };
  }, [today]);
  if (!data) return null;
  return (
    <>
      <ProfileForm key={JSON.stringify(data.profile)} profile={data.profile} onSaved={onSaved} />
      <TargetsForm
        key={JSON.stringify([data.settings, data.doc.items.map((t) => [t.minimum, t.maximum])])}
        doc={data.doc}
        settings={data.settings}
        onSaved={onSaved}
      />
    </>
  );
}
