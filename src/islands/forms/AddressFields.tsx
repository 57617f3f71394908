/** A company's address (street, then city, state and ZIP code side by side), as the audit forms ask it. */
import { TextField } from './fields.tsx';

export function AddressFields({ labels }: { labels: Record<'address' | 'city' | 'state' | 'zipCode', string> }) {
  return (
    <>
      <TextField name="address" label={labels.address} required autoComplete="address-line1" />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="city" label={labels.city} required autoComplete="address-level2" />
        <TextField name="state" label={labels.state} required autoComplete="address-level1" />
        <TextField name="zipCode" label={labels.zipCode} required autoComplete="postal-code" />
      </div>
    </>
  );
}
