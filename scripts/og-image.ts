/**
 * `npm run og-image`: draws the default social share image (`public/og-default.png`, 1200×630) from the
 * brand values of src/config/site.ts. Run it again after a rebrand.
 */
import path from 'node:path';
import sharp from 'sharp';
import { site } from '../src/config/site.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0b2f38"/>
  <rect x="0" y="590" width="1200" height="40" fill="#e36b2c"/>
  <circle cx="1040" cy="140" r="220" fill="#135b68" opacity="0.55"/>
  <text x="80" y="200" font-family="DejaVu Sans, sans-serif" font-size="88" font-weight="700" fill="#ffffff">${escape(site.agencyName)}</text>
  <text x="80" y="300" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#d5ecef">Life-science marketing and business development</text>
  <text x="80" y="360" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#d5ecef">for CROs, CDMOs, labs and biotech consultancies</text>
  <text x="80" y="480" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="700" fill="#ffffff">Start with a free ${escape(site.auditName)}</text>
</svg>`;

const out = path.resolve(import.meta.dirname, '../public', site.defaultOgImage.replace(/^\//, ''));
await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(out);
console.log(`Wrote ${out}`);
