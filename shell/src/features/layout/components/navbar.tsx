import { LinkButton } from '@dblearn/ui';
import { useGetReviewDeckQuery, useSession } from '@dblearn/web';
import { Link, NavLink, useLocation } from '@dblearn/web/router';
import { useId, useState } from 'react';
import { SearchSlot } from '../../search/index.js';

/** SPEC §2: the areas a signed-in user can open from the bar. */
const AREA_LINKS = [
  { to: '/catalog', label: 'Learning Hub' },
  { to: '/projectLandingPage', label: 'Recommended Projects' },
  { to: '/practice', label: 'Practice' },
  { to: '/interview', label: 'Interview Question' },
  { to: '/qna', label: 'Q&A' },
] as const;

/** How many review cards are due (issue 34), as a small badge that opens the review; nothing when none are. */
function ReviewBadge() {
  const due = useGetReviewDeckQuery().data?.dueCount ?? 0;
  if (due === 0) return null;
  return (
    <Link to="/interview/review" className="navbar__badge" aria-label={due === 1 ? 'Review: 1 card due' : `Review: ${due} cards due`}>
      {due > 99 ? '99+' : due}
    </Link>
  );
}

/**
 * SPEC §2 navigation bar, in both states. About and Contact jump to the footer. On a narrow window
 * (CSS, under 48rem) the links and buttons fold behind a Menu button; a new page folds them again.
 */
export function Navbar() {
  const { isSignedIn } = useSession();
  const menuId = useId();
  const { pathname, hash } = useLocation();
  // Open on the page where it was opened: following a link (or an anchor) folds it again.
  const here = `${pathname}${hash}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === here;
  return (
    <header className={isSignedIn ? 'navbar navbar--signed-in' : 'navbar'}>
      <nav className="navbar__inner" aria-label="Main">
        <div className="navbar__brand">
          <Link to="/" className="navbar__logo">
            DBLearn
          </Link>
          <span className="navbar__tagline">Online Education &amp; Learning</span>
        </div>
        {isSignedIn ? <SearchSlot /> : null}
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpenOn(open ? null : here)}
        >
          <span className="navbar__toggle-icon" aria-hidden="true" />
          Menu
        </button>
        <div id={menuId} className={open ? 'navbar__menu navbar__menu--open' : 'navbar__menu'}>
          <ul className="navbar__links">
            {isSignedIn
              ? AREA_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className="navbar__link">
                      {link.label}
                    </NavLink>
                    {link.to === '/interview' ? <ReviewBadge /> : null}
                  </li>
                ))
              : null}
            <li>
              <a href="#about" className="navbar__link">
                About
              </a>
            </li>
            <li>
              <a href="#contact" className="navbar__link">
                Contact
              </a>
            </li>
          </ul>
          <div className="navbar__actions">
            {isSignedIn ? (
              <>
                <LinkButton to="/logout" variant="secondary">
                  Logout
                </LinkButton>
                <LinkButton to="/profile">User</LinkButton>
              </>
            ) : (
              <>
                <LinkButton to="/login" variant="secondary">
                  Login
                </LinkButton>
                <LinkButton to="/register">Register</LinkButton>
              </>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
