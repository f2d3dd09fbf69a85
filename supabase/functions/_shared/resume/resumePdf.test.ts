// The résumé PDF made on Deno, as the publish function makes it, with no permissions (deno test grants
// none): the same code as the editor's worker, fonts from the engine's own bundle. What the PDF holds
// is shown in detail by templates/src/resume/test (pdf.js); here, that Deno makes the same document.
import assert from 'node:assert/strict';
import { bundledResources, makeResumePdf, RESUME_FIXTURE, resumeFileName } from './engine.generated.mjs';

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

Deno.test('Deno makes the résumé of a 30-item portfolio: a PDF of three A4 pages with its fonts and links', async () => {
  const bytes = await makeResumePdf(RESUME_FIXTURE, { layout: 'classic', paper: 'a4', extraSections: [] }, bundledResources);
  const pdf = text(bytes);
  assert.ok(pdf.startsWith('%PDF-1.7'));
  assert.equal(pdf.match(/\/Type \/Page\b/g)?.length, 3);
  assert.match(pdf, /\/MediaBox \[ 0 0 595\.28 841\.89 \]/);
  for (const font of ['SourceSerif4-Regular', 'SourceSerif4-Bold']) assert.match(pdf, new RegExp(`/BaseFont /${font}-\\d+`));
  assert.match(pdf, /\/URI \(mailto:aarav@example\.com\)/);
  assert.match(pdf, /\/URI \(https:\/\/github\.com\/example\/project-8\)/);
  assert.equal(resumeFileName(RESUME_FIXTURE), 'Aarav-Mehta-resume.pdf');
});

Deno.test('a Hindi name and an emoji embed the fonts that draw them', async () => {
  const portfolio = { ...RESUME_FIXTURE, profile: { ...RESUME_FIXTURE.profile, name: 'अनुज शर्मा 🚀' } };
  const pdf = text(await makeResumePdf(portfolio, { layout: 'modern', paper: 'letter', extraSections: [] }, bundledResources));
  assert.match(pdf, /\/BaseFont \/NotoSansDevanagari-Bold-\d+/);
  assert.match(pdf, /\/BaseFont \/NotoEmoji-Regular-\d+/);
  assert.match(pdf, /\/MediaBox \[ 0 0 612 792 \]/);
});
