/** A form's refusal, announced as it appears. Renders its live region empty, so screen readers catch the change. */
export function FormError({ message }: { readonly message: string | null }) {
  return (
    <div role="alert" className={message ? 'alert' : undefined}>
      {message}
    </div>
  );
}
