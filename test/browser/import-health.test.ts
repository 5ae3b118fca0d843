/**
 * Settings → Import → Format "Apple Health": export.zip sent as itself to POST /import/health, at
 * 360×640 and 1280×800 in a real Chromium against a real server; the numbers the page says are the
 * API's, and the day's steps are the export's (one source an hour).
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { accessToken, apiGet, browserAndServer, device, register } from "./harness";

const env = browserAndServer();
const XML = await Bun.file(join(import.meta.dir, "..", "fixtures", "health", "export.xml")).text();

for (const viewport of [
  { width: 360, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`an Apple Health export.zip imports from Settings at ${viewport.width}×${viewport.height}`, async () => {
    const zip = join(env.srv.dir, "export.zip");
    await Bun.write(zip, zipSync({ "apple_health_export/export.xml": strToU8(XML) }));
    const { page } = await device(env.browser, env.srv.url, viewport);
    await register(page, env.srv.url);
    const token = await accessToken(page);
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("combobox", { name: "Format" }).selectOption({ label: "Apple Health" });
    await page
      .getByText("Choose export.zip (Health → your picture → Export All Health Data)", { exact: false })
      .waitFor();
    // one step: no preview for a health export
    expect(await page.getByRole("button", { name: "Preview import" }).count()).toBe(0);
    await page.getByLabel("Import file").setInputFiles([zip]);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const notice = page.getByText("Imported 2 workouts,", { exact: false });
    await notice.waitFor();
    const text = (await notice.textContent()) ?? "";
    // the browser's zone (UTC) gives the days: the 23:50 −0500 steps are on the 16th there
    const values = (await apiGet(env.srv.url, token, "/daily-values/2024-01-15")).values;
    expect(values.steps).toBe(1500 + 1203);
    const list = await apiGet(env.srv.url, token, "/daily-values?from=2024-01-15&to=2024-01-16");
    expect(text).toContain(
      `${list.items.filter((v: { metric: string }) => v.metric !== "body_fat_pct").length} daily values`,
    );
    expect(text).toContain("2 weigh-ins, 1 body-fat reading.");
    // only when asked for (MORSEL_SCREENSHOTS=docs/screenshots): no test reads one, and each cost CPU on every run
    if (process.env.MORSEL_SCREENSHOTS)
      await page.screenshot({
        path: join(
          process.env.MORSEL_SCREENSHOTS,
          `settings-import-apple-health-${viewport.width}x${viewport.height}-light.png`,
        ),
        fullPage: false,
      });
    // again: nothing new
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByText("Imported 0 workouts,", { exact: false }).waitFor();
  }, 120_000);
}
