/**
 * The file types the real service accepts (the official client's supported-format lists), their
 * size caps per category, and which of them a browser may show inline.
 */
export type FileCategory = 'document' | 'text' | 'image' | 'audio';

const MIB = 1024 * 1024;

/** Per-category caps of the real service: 5 MB images, 100 MB audio, 50 MB everything else. */
export const MAX_FILE_BYTES: Readonly<Record<FileCategory, number>> = { document: 50 * MIB, text: 50 * MIB, image: 5 * MIB, audio: 100 * MIB };

const DOCUMENT_TYPES = [
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.google-apps.document',
  'application/vnd.google-apps.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.google-apps.spreadsheet',
  'application/vnd.ms-excel',
  'application/pdf',
  'application/octet-stream',
] as const;

/** Types read as text (source, markup, data): every one of them has a processed text version. */
export const TEXT_TYPES = [
  'application/vnd.dust.section.json',
  'message/rfc822',
  'text/comma-separated-values',
  'text/csv',
  'text/markdown',
  'text/plain',
  'text/tab-separated-values',
  'text/tsv',
  'text/vnd.dust.attachment.slack.thread',
  'text/vnd.dust.attachment.pasted',
  'text/html',
  'text/xml',
  'text/calendar',
  'text/css',
  'text/javascript',
  'text/typescript',
  'application/json',
  'application/xml',
  'application/x-sh',
  'text/x-sh',
  'text/x-python',
  'text/x-python-script',
  'application/x-yaml',
  'text/yaml',
  'text/vnd.yaml',
  'text/x-c',
  'text/x-csharp',
  'text/x-java-source',
  'text/x-php',
  'text/x-ruby',
  'text/x-sql',
  'text/x-swift',
  'text/x-rust',
  'text/x-go',
  'text/x-kotlin',
  'text/x-scala',
  'text/x-groovy',
  'text/x-perl',
  'text/x-perl-script',
] as const;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml', 'image/bmp', 'image/x-icon'] as const;

const AUDIO_TYPES = ['audio/mpeg', 'audio/x-m4a', 'audio/ogg', 'audio/wav', 'audio/x-wav', 'audio/webm', 'video/webm'] as const;

const CATEGORY_OF: ReadonlyMap<string, FileCategory> = new Map<string, FileCategory>([
  ...DOCUMENT_TYPES.map((type) => [type, 'document'] as const),
  ...TEXT_TYPES.map((type) => [type, 'text'] as const),
  ...IMAGE_TYPES.map((type) => [type, 'image'] as const),
  ...AUDIO_TYPES.map((type) => [type, 'audio'] as const),
]);

/** The media type without parameters, lower-cased: `Text/Plain; charset=utf-8` → `text/plain`. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The category of a supported type, or null when the type is not supported. */
export function fileCategoryOf(contentType: string): FileCategory | null {
  return CATEGORY_OF.get(mediaTypeOf(contentType)) ?? null;
}

/** Images are stored as they are and shown to models that accept images; nothing is extracted. */
export function isImageType(contentType: string): boolean {
  return fileCategoryOf(contentType) === 'image';
}

/** Images a model can take as an image part (SVG is markup, ICO is rarely understood). */
export function isModelImageType(contentType: string): boolean {
  return ['image/jpeg', 'image/png', 'image/gif', 'image/webp'].includes(mediaTypeOf(contentType));
}

/** Files kept as they are, without a processed text version (images and audio). */
export function isStoredAsIs(contentType: string): boolean {
  const category = fileCategoryOf(contentType);
  return category === 'image' || category === 'audio';
}

const INLINE_SAFE = new Set<string>([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'application/pdf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'text/comma-separated-values',
  'text/tab-separated-values',
  'text/tsv',
  'application/json',
  ...AUDIO_TYPES,
]);

/**
 * Whether `action=view` may serve the type inline. HTML, SVG, XML and scripts could run as a page
 * of this origin, so they are always downloads.
 */
export function isSafeToDisplayInline(contentType: string): boolean {
  return INLINE_SAFE.has(mediaTypeOf(contentType));
}
