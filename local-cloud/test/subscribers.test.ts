// Customer accounts: visitors of a published page leave their email through the page's form (the
// subscribe function); the address is confirmed by mail before the page's owner sees it, and every
// sign-up is answered alike. Tried as an attacker would (issue 20 #10): straight through REST, asking
// who pays, one client signing up hundreds of addresses, and other clients still getting through.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { grantPurchase } from './support/cloud.ts';
import { postFrom } from './support/clients.ts';
import { callPublish } from './support/functions.ts';
import {
  JOURNEY_AND_RACE_BACKENDS,
  journeyTestOn,
  raceTestOn,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/servicesCloud.ts';

after(stopClusters);

let pageCounter = 0;

for (const backend of JOURNEY_AND_RACE_BACKENDS)
  describe(`subscribers (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    const race = raceTestOn(backend);
    let t: TestCloud;
    before(async () => {
      t = await startTestCloud(backend);
    });
    after(() => t?.stop());

    /** A signed-in owner with a plan and one published page (the free generator). */
    async function ownerWithPage() {
      const owner = await signedInUser(t, 'owner');
      await grantPurchase(serviceClient(t), owner.id, { itemType: 'plan', itemId: 'basic' });
      const slug = `page-${process.pid}-${++pageCounter}`;
      const { data, error } = await owner.client
        .from('portfolios')
        .insert({ template_id: 'generator', title: 'Shop' })
        .select('id')
        .single();
      assert.equal(error, null);
      assert.equal((await callPublish(t, owner.accessToken, { action: 'publish', portfolioId: data!.id, slug })).status, 200);
      return { owner, pageId: data!.id as string, slug };
    }

    /** The page's form, posted by a browser at loopback address `from`. */
    const signUpFrom = (from: string, pageId: string, slug: string, email: string) =>
      postFrom(
        from,
        `${t.url}/functions/v1/subscribe`,
        { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({ portfolio: pageId, slug, email }).toString(),
      );
    const note = (answer: { headers: Record<string, unknown> }) => String(answer.headers.location ?? '').split('#')[1];

    journey('a new address, a pending one and a confirmed one are answered alike; the owner sees only confirmed ones', async () => {
      const { owner, pageId, slug } = await ownerWithPage();
      const first = await signUpFrom('127.0.0.4', pageId, slug, 'new@example.com');
      const pending = await signUpFrom('127.0.0.4', pageId, slug, 'new@example.com');
      const link = (await t.cloud.ctx.mailbox.list())
        .find((mail) => mail.to === 'new@example.com')!
        .links.find((url) => url.includes('confirm='))!;
      assert.equal((await fetch(link, { redirect: 'manual' })).status, 303);
      const confirmed = await signUpFrom('127.0.0.4', pageId, slug, 'New@Example.com');
      for (const answer of [first, pending, confirmed]) {
        assert.equal(answer.status, 303);
        assert.equal(note(answer), 'subscribe-check-mail');
        assert.equal(answer.body, '');
      }
      assert.deepEqual((await owner.client.from('subscribers').select('email')).data, [{ email: 'new@example.com' }]);
    });

    race('one client cannot sign up hundreds of addresses, nor keep other visitors of the page out', async () => {
      const { owner, pageId, slug } = await ownerWithPage();
      const notes: string[] = [];
      for (let batch = 0; batch < 300; batch += 25) {
        const answers = await Promise.all(
          Array.from({ length: 25 }, (_, n) => signUpFrom('127.0.0.2', pageId, slug, `victim-${batch + n}@example.com`)),
        );
        notes.push(...answers.map(note));
      }
      const accepted = notes.filter((value) => value === 'subscribe-check-mail').length;
      assert.equal(accepted, 5, 'five sign-ups an hour from one client');
      assert.equal(notes.filter((value) => value === 'subscribe-busy').length, 295);
      const mailed = (await t.cloud.ctx.mailbox.list()).filter((mail) => /^victim-\d+@example\.com$/.test(mail.to));
      assert.equal(mailed.length, 5, 'so no more than five strangers were mailed');
      assert.deepEqual((await owner.client.from('subscribers').select('email')).data, [], 'and none of them is on the list');

      // Someone else, from another address, is still welcome on the same page.
      assert.equal(note(await signUpFrom('127.0.0.3', pageId, slug, 'real-fan@example.com')), 'subscribe-check-mail');
      assert.ok((await t.cloud.ctx.mailbox.list()).some((mail) => mail.to === 'real-fan@example.com'));
    });
  });
