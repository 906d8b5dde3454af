# Schemathesis hooks of the hostile-values run of test/simulator/schemathesis.test.ts, loaded
# through SCHEMATHESIS_HOOKS. The test writes a plan (the JSON file HOSTING_HOSTILE_PLAN names):
# the values (test/helpers/hostile-values.ts: each name of an Object.prototype member with its
# twin, an unknown name of the same spelling, and other hostile strings) and, per operation,
# every slot a value can go in: each query, path and header parameter, each body field, and a
# body field named by the value.
#
# For each operation, the examples phase's first case is the base of one case per slot and
# value. The check `prototype_names_are_unknown` holds the answer to a prototype name in a
# slot to the answer its twin got in the same slot: the same status, error code and error
# field. Schemathesis runs an operation's cases in an order of its own, so whichever of the
# two comes second is the one compared (and failed). Every other hostile value meets the
# run's usual checks (no server error, a documented answer). Each answer goes to the report
# file, one JSON line, so the test can see that every slot got every value.
import copy
import json
import os

import schemathesis
from schemathesis.core import NOT_SET

with open(os.environ["HOSTING_HOSTILE_PLAN"], encoding="utf-8") as plan_file:
    PLAN = json.load(plan_file)
# value -> the other of its pair (a prototype name -> its twin, and back)
PARTNER = {**{name: twin for name, twin in PLAN["twins"]}, **{twin: name for name, twin in PLAN["twins"]}}
PROTOTYPE_NAMES = {name for name, _ in PLAN["twins"]}
VALUES = [value for pair in PLAN["twins"] for value in pair] + PLAN["others"]
NAME_MARK = "<NAME>"

# case id -> (operation, slot label, value)
VARIANTS = {}
# (operation, slot label) -> {value: answer} for the prototype names and their twins
ANSWERS = {}


def slot_label(slot):
    return f"{slot['in']}:{slot['name']}" if "name" in slot else slot["in"]


def fits_header(value):
    """HTTP header values are visible Latin-1 characters and spaces."""
    try:
        value.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return all(c == " " or c == "\t" or 0x21 <= ord(c) <= 0xFF and ord(c) != 0x7F for c in value)


def put(case, slot, value):
    where = slot["in"]
    if where == "query":
        case.query[slot["name"]] = value
    elif where == "path":
        case.path_parameters[slot["name"]] = value
    elif where == "header":
        case.headers[slot["name"]] = value
    elif where == "body":
        case.body[slot["name"]] = [value] if slot.get("type") == "array" else value
    elif where == "body-key":
        case.body[value] = 1
    else:
        raise ValueError(f"unknown slot {slot}")


@schemathesis.hook
def before_add_examples(context, examples):
    operation = context.operation
    label = f"{operation.method.upper()} {operation.path}"
    slots = PLAN["slots"].get(label)
    if not slots or not examples:
        return
    base = examples[0]
    for slot in slots:
        for value in VALUES:
            if slot["in"] == "header" and not fits_header(value):
                continue
            kwargs = {
                "path_parameters": dict(base.path_parameters),
                "headers": dict(base.headers),
                "query": dict(base.query),
            }
            if base.body is not NOT_SET:
                kwargs["body"] = copy.deepcopy(base.body) if isinstance(base.body, dict) else {}
                kwargs["media_type"] = base.media_type or "application/json"
            case = operation.Case(**kwargs)
            put(case, slot, value)
            VARIANTS[case.id] = (label, slot_label(slot), value)
            examples.append(case)


def answer_of(response, value):
    """Status, error code and error field, the value in the field replaced by a mark."""
    code = field = None
    try:
        error = response.json().get("error")
        if isinstance(error, dict):
            code = error.get("code")
            field = error.get("field")
            if isinstance(field, str):
                field = field.replace(value, NAME_MARK)
    except Exception:
        pass
    return [response.status_code, code, field]


@schemathesis.check
def prototype_names_are_unknown(ctx, response, case):
    tag = VARIANTS.get(case.id)
    if tag is None:
        return None
    label, slot, value = tag
    answer = answer_of(response, value)
    with open(PLAN["report"], "a", encoding="utf-8") as report:
        report.write(json.dumps({"operation": label, "slot": slot, "value": value, "answer": answer}) + "\n")
    partner = PARTNER.get(value)
    if partner is None:
        return None
    answers = ANSWERS.setdefault((label, slot), {})
    answers[value] = answer
    if partner not in answers or answers[partner] == answer:
        return None
    name, twin = (value, partner) if value in PROTOTYPE_NAMES else (partner, value)
    raise AssertionError(
        f"{label} {slot}={name!r} answered {answers[name]} (status, error code, field); "
        f"the unknown name {twin!r} answered {answers[twin]}"
    )
