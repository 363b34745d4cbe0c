/** What the Boosts and Payments pages both show: money, and an account that filters the list. */

/** Cents as money: `$9.99`, or `€5.00` for another currency. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** An account's name (and email) that narrows the list to that account when clicked. */
export function UserFilterButton({
  name,
  detail,
  onClick,
}: {
  name: string;
  detail?: string | null;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="text-left font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      onClick={onClick}
      title="Only this account"
    >
      {name}
      {detail ? (
        <span className="block text-xs font-normal text-muted-foreground">{detail}</span>
      ) : null}
    </button>
  );
}
