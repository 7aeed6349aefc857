import { Link } from 'react-router';
import { textLink } from './brand';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <>
        <p>We collect only what the service needs to work:</p>
        <ul>
          <li>
            Account details: your email address, optional first and last name, and your password (stored only as a
            one-way hash).
          </li>
          <li>
            Your records: the categories, transactions, receipts, budgets and recurring templates you enter, and the
            bank statements you import (a statement file is kept only until its import is done or discarded).
          </li>
          <li>Preferences such as your currency, time zone and light or dark appearance.</li>
          <li>
            Basic technical logs (for example the time and outcome of a request) to keep the service secure and running.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <p>
        We use your information to provide Ledgerly: to show your dashboard, budgets and reports, to keep you signed in,
        and to answer you when you contact us. We do not sell your data, and we do not use your financial records for
        advertising. Advertising partners who fill ad spaces on our pages never receive your financial information.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Your data is encrypted in transit and at rest. Passwords are hashed, two-factor sign-in can be turned on in
        Settings, sessions can be revoked by signing out (or from Settings), receipts are only ever shown to their
        owner, and every record is tied to your account so no other user can see it.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Retention and deletion',
    body: (
      <p>
        We keep your data for as long as your account exists. When you delete records or your account (in Settings, or
        by asking us), the data is removed from the live service at once, and deleted data is purged from our backups
        within 30 days.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        You can see, correct, export or delete your personal data at any time, yourself: in Settings,{' '}
        <strong>Your data</strong> downloads everything as one file and <strong>Delete account</strong> deletes your
        account and everything in it at once. For any other request, or if you cannot sign in, write to us through our{' '}
        <Link to="/contact" className={textLink}>
          contact page
        </Link>
        ; privacy requests are answered within 30 days.
      </p>
    ),
  },
  {
    id: 'age',
    title: 'Age requirement',
    body: (
      <p>
        Ledgerly is meant for people aged 16 and over. We do not knowingly collect data from anyone younger; if you
        believe a younger person has an account, tell us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy in a way that matters, we will announce it at least 14 days before the change takes
        effect, by email and on this page.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="What we collect, why, and the control you keep over it. In short: your money data is yours."
      updated="November 26, 2026"
      sections={SECTIONS}
    />
  );
}
