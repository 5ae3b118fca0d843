/** The photo upload's form: a text part where the image file belongs is refused with what to send. */
import { expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";

test("a text part named image is told it must be a file, not 'must be a string'", async () => {
  const t = makeApp();
  const u = await registerUser(t.call);
  const form = new FormData();
  form.append("image", "hello");
  const r = await (await t.started()).handle(
    new Request("http://localhost/api/v1/scanner/photo", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${u.access_token}` },
    }),
  );
  const body = (await r.json()) as { error: { code: string; message: string; details: { field: string }[] } };
  expect(r.status).toBe(400);
  expect(body.error.code).toBe("validation_failed");
  expect(body.error.message).toBe(
    "image must be a file part (JPEG, PNG or WebP, sent with a filename), not a text field",
  );
  expect(body.error.details[0]!.field).toBe("image");
});
