/** A form's refusal, in the api's words. An element with the alert role is read out as it appears. */
export function FormError({ message }: { readonly message: string | null }) {
  if (message === null) return null;
  return (
    <p role="alert" className="alert">
      {message}
    </p>
  );
}
