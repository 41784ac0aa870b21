/** What a person types as a new password twice (`password`, `confirmation`): the password, or why not. */
export function newPasswordOf(form: FormData): { readonly password: string } | { readonly refusal: string } {
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('confirmation') ?? '')) return { refusal: 'The two passwords differ: type the same one twice.' };
  return { password };
}
