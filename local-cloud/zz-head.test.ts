import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestCloud, signedInUser } from '/work/main/local-cloud/test/support/services-cloud.ts';
import { pngBlob } from '/work/main/local-cloud/test/support/services-files.ts';
test('head', async () => {
  const t = await startTestCloud('pglite');
  try {
    const u = await signedInUser(t);
    const s = u.client.storage.from('portfolio-images');
    await s.upload(`${u.id}/a b.png`, pngBlob());
    console.log(JSON.stringify(await s.exists(`${u.id}/a b.png`)), JSON.stringify(await s.exists(`${u.id}/zz.png`)));
    const dl = await s.download(`${u.id}/a b.png`); console.log('dl', dl.error, dl.data?.size);
    const signed = await s.createSignedUrl(`${u.id}/a b.png`, 60); console.log(signed.data?.signedUrl.slice(0,120));
    console.log((await fetch(signed.data!.signedUrl)).status);
    console.log((await fetch(s.getPublicUrl(`${u.id}/a b.png`).data.publicUrl)).status);
  } finally { await t.stop(); }
});
