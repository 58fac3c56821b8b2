/**
 * The header the local services put on their own upstream requests (the forward proxy's to Azurite). In
 * a process that runs both the services and a profile (the tests, the lab), those requests carry the same
 * Host as the client's, and the transfer recorder must not take them for the client's own.
 */
export const LOCAL_SERVICES_UPSTREAM_HEADER = 'x-local-services-upstream';
