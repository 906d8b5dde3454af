// A server on the cheapest plan with 2 vCPUs in Frankfurt
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.HostingFunctions;
import com.pulumihosting.hosting.Server;
import com.pulumihosting.hosting.ServerArgs;
import com.pulumihosting.hosting.enums.PowerState;
import com.pulumihosting.hosting.inputs.GetPlanArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var plan = HostingFunctions.getPlan(GetPlanArgs.builder()
            .region("fra")
            .minVcpus(2)
            .build());

        var web = new Server("web", ServerArgs.builder()
            .region("fra")
            .plan(plan.applyValue(result -> result.id()))
            .os("ubuntu-24.04")
            .label("web-1")
            .tags("web")
            .powerState(PowerState.Running)
            .build());

        ctx.export("mainIp", web.mainIp());
        ctx.export("status", web.status());
    }
}
