import { Link } from 'react-router';
import { textLink } from './brand';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Agreement',
    body: (
      <p>
        By creating an account or using Ledgerly you agree to these terms. If you do not agree, please do not use the
        service.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use Ledgerly',
    body: (
      <p>
        You must be at least 16 years old. Ledgerly is for individuals and small-business owners who work alone to track
        their own money; each account is personal and manages only its own data.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <p>
        Keep your password safe and tell us at once if you think someone else has used your account; two-factor sign-in,
        in Settings, adds a second lock. You are responsible for what happens under your account. The email address of
        an account cannot be changed.
      </p>
    ),
  },
  {
    id: 'price',
    title: 'Price',
    body: (
      <p>
        Ledgerly is free to use, and signing up needs no credit card. If we ever offer paid extras, they will be
        optional and announced in advance as described below.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <p>
        Ledgerly offers manual entry of income and expenses with recurring templates, import of bank statements (CSV,
        OFX, QIF and CAMT files), categories, budgets, analytics and reports, and works offline for reading what was
        last loaded. Ledgerly is a record-keeping tool and not financial, tax or legal advice.
      </p>
    ),
  },
  {
    id: 'use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not try to reach other users&apos; data or disrupt the service.</li>
        <li>Do not upload anything unlawful, or files that are not your receipts.</li>
        <li>Do not use the service to launder money or to hide unlawful activity.</li>
      </ul>
    ),
  },
  {
    id: 'data',
    title: 'Your data',
    body: (
      <p>
        Your records stay yours. We handle them as our{' '}
        <Link to="/privacy" className={textLink}>
          Privacy Policy
        </Link>{' '}
        describes: encrypted in transit and at rest, never sold, and deleted when you ask. You can export all of it at
        any time in Settings.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        The service is provided as is. To the extent the law allows, our total liability for any claim is limited to the
        amounts you paid us in the previous 12 months, which for the free service is nothing. Nothing in these terms
        limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your account',
    body: (
      <p>
        You can stop using Ledgerly and delete your account at any time, yourself in Settings or by asking us. We may
        suspend accounts that break these terms, and will tell you why unless the law prevents it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We announce changes to these terms at least 14 days before they take effect. If you keep using Ledgerly after
        that, the new terms apply.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="The rules for using Ledgerly, written to be read. Free to use, fair to everyone."
      updated="November 26, 2026"
      sections={SECTIONS}
    />
  );
}
