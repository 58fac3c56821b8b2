import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  __commonJS,
  __require
} from "./chunk-5XWL5JNG.js";

// required-builtin:http
var require_http = __commonJS({
  "required-builtin:http"(exports, module) {
    module.exports = __require("node:http");
  }
});

// required-builtin:https
var require_https = __commonJS({
  "required-builtin:https"(exports, module) {
    module.exports = __require("node:https");
  }
});

export {
  require_http,
  require_https
};
