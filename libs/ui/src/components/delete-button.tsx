import { useEffect, useRef, useState } from 'react';
import { Button } from './button.js';

export interface DeleteButtonProps {
  /** What is deleted, for screen readers: "Delete" alone is ambiguous in a list. */
  itemName: string;
  onConfirm: () => void;
  /** While the delete is on its way: the buttons are disabled. */
  pending?: boolean;
  label?: string;
}

/**
 * Delete in two steps: the first press asks, "Confirm delete" does it, Cancel steps back. A stray
 * click never deletes a course with all its tutorials.
 */
export function DeleteButton({ itemName, onConfirm, pending = false, label = 'Delete' }: DeleteButtonProps) {
  const [asking, setAsking] = useState(false);
  // Cancel unmounts the focused button: focus goes back to Delete, not to <body>.
  const focusDeleteNext = useRef(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!asking && focusDeleteNext.current) {
      focusDeleteNext.current = false;
      deleteRef.current?.focus();
    }
  }, [asking]);
  if (!asking) {
    return (
      <Button ref={deleteRef} variant="danger" className="dbl-delete" aria-label={`${label} ${itemName}`} disabled={pending} onClick={() => setAsking(true)}>
        {pending ? 'Deleting…' : label}
      </Button>
    );
  }
  return (
    <span className="dbl-delete dbl-delete--asking" role="group" aria-label={`Delete ${itemName}?`}>
      <Button
        variant="danger"
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Confirm delete
      </Button>
      <Button
        variant="ghost"
        onClick={() => {
          focusDeleteNext.current = true;
          setAsking(false);
        }}
      >
        Cancel
      </Button>
    </span>
  );
}
