import { skillMd, zipOf } from '../../../../../test/support/skill-files';
import { readSkillBundles, SkillBundleError } from './skill-bundle';

const md = (name: string) => skillMd(name, `Does ${name}.`, `Steps for ${name}.`);

describe('readSkillBundles', () => {
  it('reads a lone SKILL.md', async () => {
    const [bundle] = await readSkillBundles(Buffer.from(md('alpha')));
    expect(bundle.skill.name).toBe('alpha');
    expect(bundle.files).toEqual([]);
  });

  it('reads each folder of a zip as a skill, with the files beside its SKILL.md', async () => {
    const bundles = await readSkillBundles(
      await zipOf({ 'alpha/SKILL.md': md('alpha'), 'alpha/ref/guide.md': '# Guide', 'beta/SKILL.md': md('beta'), '__MACOSX/alpha/._x': 'x' }),
    );
    expect(bundles.map((bundle) => bundle.skill.name)).toEqual(['alpha', 'beta']);
    expect(bundles[0].files.map((file) => [file.path, file.bytes.toString()])).toEqual([['ref/guide.md', '# Guide']]);
    expect(bundles[1].files).toEqual([]);
  });

  it.each([
    ['a path leaving the archive', { '../evil/SKILL.md': md('evil') }],
    ['an absolute path', { '/etc/SKILL.md': md('evil') }],
    ['no SKILL.md', { 'README.md': 'hello' }],
  ])('refuses a zip with %s', async (_, files) => {
    await expect(readSkillBundles(await zipOf(files))).rejects.toThrow(SkillBundleError);
  });

  it('refuses a symbolic link', async () => {
    const zip = await zipOf({ 'a/SKILL.md': md('a'), 'a/link': '/etc/passwd' }, { permissions: { 'a/link': 0o120777 } });
    await expect(readSkillBundles(zip)).rejects.toThrow('link');
  });

  it('stops inflating a zip bomb at the per-file cap', async () => {
    const bomb = await zipOf({ 'a/SKILL.md': md('a'), 'a/bomb.txt': Buffer.alloc(8 * 1024 * 1024, 0x41) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(readSkillBundles(bomb)).rejects.toThrow('larger than');
  });

  it('refuses a zip declaring more entries than allowed before parsing them', async () => {
    const files: Record<string, string> = { 'a/SKILL.md': md('a') };
    for (let i = 0; i < 500; i += 1) files[`a/${i}.txt`] = '';
    await expect(readSkillBundles(await zipOf(files))).rejects.toThrow('more than 500 files');
  });

  it('refuses bytes that are neither a zip nor UTF-8', async () => {
    await expect(readSkillBundles(Buffer.from([0xff, 0xfe, 0x00, 0xc3]))).rejects.toThrow(SkillBundleError);
  });
});
