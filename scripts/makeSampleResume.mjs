// Writes the bundled sample resume (templates/src/assets/sample-resume.pdf) with pdf-lib, so
// the PDF in the repo is made from readable source, not a binary of unknown origin.
// Run: node scripts/makeSampleResume.mjs  (the output is committed; rerun after editing this file)
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFile = path.join(repoRoot, 'templates/src/assets/sample-resume.pdf');

// Matches template 1's sample values (templates/src/personal/sampleValues.ts).
const resume = {
  name: 'Aarav Mehta',
  role: 'Front-end Developer',
  contact: 'aarav.mehta@example.com  ·  +91 98765 43210  ·  Pune, India',
  /** @type {Array<[string, string[]]>} */
  sections: [
    [
      'Profile',
      [
        'Front-end developer with five years of experience building fast, accessible web apps',
        'with React and TypeScript. Happiest turning rough ideas into interfaces people enjoy.',
      ],
    ],
    [
      'Experience',
      [
        'Senior Front-end Developer, Chai Labs, Pune (2022 - present)',
        '  - Led the rebuild of a booking app in React 18; cut first load by 45%.',
        '  - Set up component tests and accessibility checks in CI.',
        'Front-end Developer, Monsoon Studio, Bengaluru (2019 - 2022)',
        '  - Built dashboards and design-system components used by six product teams.',
      ],
    ],
    [
      'Projects',
      [
        'Trailmix - a trip planner that splits costs between friends (React, Supabase).',
        'Paper Lantern - a reading tracker that works offline (PWA, IndexedDB).',
      ],
    ],
    ['Skills', ['TypeScript, React, Node.js, CSS/Sass, testing (Jest, Playwright), accessibility (WCAG 2.2).']],
    ['Education', ['B.E. Computer Engineering, Savitribai Phule Pune University (2019)']],
  ],
};

const pdf = await PDFDocument.create();
// Fixed dates and metadata, so rerunning the script gives the same bytes.
const fixedDate = new Date('2024-01-01T00:00:00Z');
pdf.setTitle(`${resume.name} - Resume`);
pdf.setAuthor(resume.name);
pdf.setSubject('Sample resume bundled with FolioForge templates');
pdf.setProducer('FolioForge scripts/makeSampleResume.mjs (pdf-lib)');
pdf.setCreator('FolioForge');
pdf.setCreationDate(fixedDate);
pdf.setModificationDate(fixedDate);

const page = pdf.addPage([595.28, 841.89]); // A4 in points
const regular = await pdf.embedFont(StandardFonts.Helvetica);
const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
const brand = rgb(0.06, 0.42, 0.36);
const ink = rgb(0.11, 0.14, 0.13);
const margin = 56;
let y = 841.89 - margin;

page.drawRectangle({ x: 0, y: y - 14, width: 595.28, height: 70, color: rgb(0.91, 0.97, 0.95) });
page.drawText(resume.name, { x: margin, y: y + 20, size: 26, font: bold, color: brand });
page.drawText(resume.role, { x: margin, y: y - 2, size: 13, font: regular, color: ink });
y -= 40;
page.drawText(resume.contact, { x: margin, y, size: 10, font: regular, color: ink });
y -= 30;

for (const [heading, lines] of resume.sections) {
  page.drawText(heading.toUpperCase(), { x: margin, y, size: 12, font: bold, color: brand });
  y -= 6;
  page.drawLine({ start: { x: margin, y }, end: { x: 595.28 - margin, y }, thickness: 0.8, color: brand });
  y -= 16;
  for (const line of lines) {
    page.drawText(line, { x: margin, y, size: 10.5, font: regular, color: ink });
    y -= 15;
  }
  y -= 12;
}
page.drawText('Sample resume - replace it with your own in the FolioForge editor.', {
  x: margin,
  y: margin,
  size: 8.5,
  font: regular,
  color: rgb(0.35, 0.4, 0.39),
});

const bytes = await pdf.save({ useObjectStreams: false });
await fs.writeFile(outFile, bytes);
console.log(`wrote ${path.relative(repoRoot, outFile)} (${bytes.length} bytes)`);
