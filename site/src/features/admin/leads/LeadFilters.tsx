import { Form, Link } from 'react-router';
import { isFiltered, type LeadFilterValues } from './lead-filter.ts';
import { LEAD_STATUSES } from './leads-api.ts';
import { LANGUAGE_LABELS, STATUS_LABELS } from './lead-labels.ts';

/**
 * The Leads screen's search and filters: a GET form, so the filter lands in the URL and the
 * route loader asks the server for the matching leads (the server searches, not the browser).
 */
export function LeadFilters({ filter }: { filter: LeadFilterValues }) {
  return (
    // A new URL (Back, Clear) replaces the form, so its fields show the filter in force.
    <Form
      method="get"
      role="search"
      aria-label="Find leads"
      className="admin-leads-filters"
      key={JSON.stringify(filter)}
    >
      <label className="admin-leads-search">
        Search
        <input
          type="search"
          name="search"
          defaultValue={filter.search}
          maxLength={200}
          placeholder="Name, email, company or message"
        />
      </label>
      <label>
        Status
        <select name="status" defaultValue={filter.status}>
          <option value="">Any status</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Language
        <select name="language" defaultValue={filter.language}>
          <option value="">Any language</option>
          {Object.entries(LANGUAGE_LABELS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Page
        <input name="sourcePage" defaultValue={filter.sourcePage} placeholder="/chatbot" maxLength={200} />
      </label>
      <label>
        Received from
        <input type="date" name="from" defaultValue={filter.from} />
      </label>
      <label>
        Received until
        <input type="date" name="to" defaultValue={filter.to} />
      </label>
      <div className="admin-leads-filter-actions">
        <button type="submit">Find leads</button>
        {isFiltered(filter) && <Link to="/admin/leads">Clear filters</Link>}
      </div>
    </Form>
  );
}
