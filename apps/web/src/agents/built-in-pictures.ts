// The pictures an agent may take without uploading one: small SVGs as data URLs (which the api
// accepts and every page shows, as images from this server only), a shape on a colour each.

export interface BuiltInPicture {
  readonly name: string;
  readonly url: string;
}

function picture(name: string, colour: string, shape: string): BuiltInPicture {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${colour}"/>${shape}</svg>`;
  return { name, url: `data:image/svg+xml,${encodeURIComponent(svg)}` };
}

const WHITE = 'fill="#ffffff"';

export const BUILT_IN_PICTURES: readonly BuiltInPicture[] = [
  picture('Circle', '#1d4ed8', `<circle cx="32" cy="32" r="16" ${WHITE}/>`),
  picture('Square', '#047857', `<rect x="18" y="18" width="28" height="28" rx="3" ${WHITE}/>`),
  picture('Triangle', '#b45309', `<path d="M32 14 L50 48 H14 Z" ${WHITE}/>`),
  picture('Diamond', '#7c3aed', `<path d="M32 12 L52 32 L32 52 L12 32 Z" ${WHITE}/>`),
  picture('Star', '#be123c', `<path d="M32 12 L38 26 L53 27 L41 37 L45 52 L32 44 L19 52 L23 37 L11 27 L26 26 Z" ${WHITE}/>`),
  picture('Ring', '#0f766e', `<circle cx="32" cy="32" r="15" fill="none" stroke="#ffffff" stroke-width="7"/>`),
];
