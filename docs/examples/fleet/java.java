// Two groups of servers in two regions, replaced two at a time once healthy, one canary first
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.Fleet;
import com.pulumihosting.hosting.FleetArgs;
import com.pulumihosting.hosting.inputs.FleetDefaultsArgs;
import com.pulumihosting.hosting.inputs.FleetGroupArgs;
import com.pulumihosting.hosting.inputs.FleetHealthCheckArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var fleet = new Fleet("fleet", FleetArgs.builder()
            .defaults(FleetDefaultsArgs.builder()
                .plan("vc2-1c-1gb")
                .os("ubuntu-24.04")
                .label("{key}")
                .tags("fleet")
                .build())
            .groups(
                FleetGroupArgs.builder().name("web").regions("ewr", "fra").count(2).build(),
                FleetGroupArgs.builder().name("db").regions("ewr", "fra").plan("vc2-2c-4gb").build())
            .maxSurge(2)
            .healthCheck(FleetHealthCheckArgs.builder()
                .url("http://{mainIp}:8080/healthz")
                .graceSeconds(10.0)
                .healthyThreshold(3)
                .deadlineSeconds(300.0)
                .build())
            .canary(1)
            .build());

        ctx.export("members", fleet.members());
    }
}
