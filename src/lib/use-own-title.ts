import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { clearPageTitle, setPageTitle } from './ui-stores';

/**
 * Titles the current page with `title` once it is known (the event's name rather than the
 * route's generic title); the shell writes the document title "title · brand".
 */
export function useOwnTitle(title: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    setPageTitle(pathname, title);
    return () => clearPageTitle(pathname);
  }, [pathname, title]);
}
