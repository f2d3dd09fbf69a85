// What every template's product view says of a product's price: the amount in the shop's currency
// (the one formatter the editor's fields and the receipts use too), a "was" price struck through and
// read as "was", "Sold out" when nothing is left, and its options with their own prices. A product
// with no amount shows its text price as typed (it is not for sale).
import { formatMoney, productOffer, type ItemOf } from '../model';
import { StorefrontIcon } from './icons';
import { useShop } from './shop';
import styles from './ProductPrice.module.scss';

export function ProductPrice({ product, className }: { product: ItemOf<'products'>; className?: string }) {
  const { currency } = useShop();
  const offer = productOffer(product);
  if (!offer) return product.price.trim() ? <p className={className}>{product.price}</p> : null;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <>
      <p className={className}>
        {offer.from ? 'From ' : null}
        {offer.compareAt === null ? (
          money(offer.price)
        ) : (
          <>
            <span className={styles.visuallyHidden}>Now </span>
            {money(offer.price)}
            <s className={styles.was}>
              <span className={styles.visuallyHidden}>, was </span>
              {money(offer.compareAt)}
            </s>
          </>
        )}
      </p>
      {offer.soldOut ? <p className={styles.soldOut}>Sold out</p> : null}
      {offer.options.length ? (
        <div className={styles.options}>
          {offer.optionName ? <p className={styles.optionName}>{offer.optionName}</p> : null}
          <ul className={styles.optionList} aria-label={offer.optionName || 'Options'}>
            {offer.options.map((option) => (
              <li key={option.id} className={option.soldOut ? styles.optionSoldOut : undefined}>
                {option.name}
                {option.price !== null ? ` · ${money(option.price)}` : null}
                {option.soldOut ? ' · Sold out' : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** Where a product without a picture would have it: a plain panel, so a card never starts empty. */
export function ProductPlaceholder({ className }: { className?: string }) {
  return (
    <div className={[styles.placeholder, className].filter(Boolean).join(' ')} aria-hidden="true">
      <StorefrontIcon width={40} height={40} />
    </div>
  );
}
