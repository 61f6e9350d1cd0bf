/** SPEC §9: every course shows the same fixed rating. */
export const FIXED_RATING = 5;
const STARS = 5;

export function StarRating() {
  const value = FIXED_RATING.toFixed(1);
  return (
    <span className="dbl-stars" role="img" aria-label={`Rated ${value} out of ${STARS}`}>
      <span className="dbl-stars__icons" aria-hidden="true">
        {'★'.repeat(Math.round(FIXED_RATING))}
        {'☆'.repeat(STARS - Math.round(FIXED_RATING))}
      </span>
      <span className="dbl-stars__value" aria-hidden="true">
        {value}
      </span>
    </span>
  );
}
