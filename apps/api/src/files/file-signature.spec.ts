import { signatureProblem } from './file-signature';

describe('file signatures', () => {
  const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

  it('accepts the bytes of the declared binary format', () => {
    expect(signatureProblem('application/pdf', bytes('%PDF-1.4\n'))).toBeNull();
    expect(signatureProblem('image/png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBeNull();
    expect(signatureProblem('image/webp', bytes('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(signatureProblem('application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes('PK\x03\x04rest'))).toBeNull();
  });

  it('refuses bytes of another format under a binary type', () => {
    expect(signatureProblem('application/pdf', bytes('hello world'))).toContain('application/pdf');
    expect(signatureProblem('image/png', bytes('%PDF-1.4'))).toContain('image/png');
    expect(signatureProblem('image/webp', bytes('RIFF\0\0\0\0WAVE'))).not.toBeNull();
  });

  it('leaves text formats to extraction', () => {
    expect(signatureProblem('text/plain', bytes('%PDF-1.4'))).toBeNull();
    expect(signatureProblem('text/markdown; charset=utf-8', bytes('# title'))).toBeNull();
  });
});
